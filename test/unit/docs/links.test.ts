/**
 * Every relative link in README.md and docs/ resolves: the file exists, and a `#anchor` names a
 * heading of the file it points into (GitHub's anchors: lower case, punctuation dropped, spaces as
 * dashes, a repeated heading suffixed `-1`, `-2`, ...). Links inside code are not links.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const root = path.resolve(__dirname, "../../..");

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return markdownFiles(full);
    return e.name.endsWith(".md") ? [full] : [];
  });
}

/** The text outside fenced code blocks and inline code. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
}

export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

export function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const [, heading] of text.replace(/^```[\s\S]*?^```/gm, "").matchAll(/^#{1,6}\s+(.*)$/gm)) {
    const base = slug(heading!.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1"));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    found.add(n === 0 ? base : `${base}-${n}`);
  }
  return found;
}

export function brokenLinks(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  const problems: string[] = [];
  for (const [, target] of prose(text).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target!)) continue; // http:, https:, mailto:
    const [rel, anchor] = target!.split("#", 2) as [string, string | undefined];
    const dest = rel === "" ? file : path.resolve(path.dirname(file), decodeURIComponent(rel));
    const where = `${path.relative(root, file)}: (${target})`;
    if (!fs.existsSync(dest)) {
      problems.push(`${where} points at a missing file`);
      continue;
    }
    if (anchor === undefined) continue;
    if (!dest.endsWith(".md") || fs.statSync(dest).isDirectory()) {
      problems.push(`${where} has an anchor into a file that is not Markdown`);
    } else if (!anchors(fs.readFileSync(dest, "utf8")).has(anchor)) {
      problems.push(`${where} names no heading of ${path.relative(root, dest)}`);
    }
  }
  return problems;
}

const files = [path.join(root, "README.md"), ...markdownFiles(path.join(root, "docs"))];

describe("links in README.md and docs/", () => {
  test("the anchors are GitHub's", () => {
    expect([...anchors("# A whole account: `compute-import`\n## Waits\n## Waits\n")]).toEqual([
      "a-whole-account-compute-import",
      "waits",
      "waits-1",
    ]);
    expect(slug("Where the spec and the real API differ: `--real-shapes`")).toBe(
      "where-the-spec-and-the-real-api-differ---real-shapes",
    );
  });

  test("a broken link is found, with its file and target", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "links-"));
    const page = path.join(dir, "page.md");
    fs.writeFileSync(
      page,
      "# Page\n\n[ok](#page) [gone](other.md) [bad anchor](#nowhere) `[code](x.md)`\n\n```\n[block](y.md)\n```\n",
    );
    const found = brokenLinks(page);
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/\(other\.md\) points at a missing file$/);
    expect(found[1]).toMatch(/\(#nowhere\) names no heading of/);
    fs.rmSync(dir, { recursive: true });
  });

  test.each(files.map((f) => [path.relative(root, f), f]))(
    "%s: every relative link resolves",
    (_name, file) => {
      expect(brokenLinks(file)).toEqual([]);
    },
  );
});
