/**
 * A quick start page followed as a newcomer with an official Pulumi CLI would follow it: a stand-in
 * installation first on PATH (official-cli.ts), the release's artifacts (`npm run release`) served by a
 * local HTTP server standing in for the release host, which the CLI is pointed at as a mirror is
 * (acquisition.test.ts), and an emulator started here for the page's terminal 1 (its URL replaces the
 * page's; its token is the page's `my-token`). The page's `sh` blocks but the emulator's run as one bash
 * session, its project files written from its other blocks after the first `sh` block (the one that
 * makes the directory); `pulumi up` gets `--yes --non-interactive`, as a script's must. A project
 * template (templates/<language>) is used the same way: `pulumi new` from an empty directory, `pulumi up`.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ComputeClient } from "../../../src/client";
import { startEmulator, type Emulator } from "../../../src/emulator";
import { packageVersion } from "../../../src/package-root";
import { RELEASES } from "../../../src/schema/repository";
import { release } from "../../../scripts/release";
import { bash, parseEnv, standInCli, treeFingerprint, userShellEnv } from "./official-cli";
import { startReleaseHost, type ReleaseHost } from "./release-host";

const ROOT = path.resolve(__dirname, "../../..");
const version = packageVersion();
/** Where the release's assets are downloaded from, but for `/v<version>`. */
const RELEASE_PAGE = "https://github.com/pulumi-compute/pulumi-compute/releases/download";

/** The fenced blocks of `language` in `page`, in order. */
export const pageBlocks = (page: string, language: string) =>
  [...page.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\``, "gm"))].map((m) => m[1]!);

export interface Followed {
  /** The bash session run. */
  script: string;
  /** The project directory the page made. */
  project: string;
  /** The stand-in CLI's tree before and after. */
  tree: { before: Record<string, string>; after: Record<string, string> };
  /** The variables the session changed, and those the page's own lines export. */
  changed: string[];
  exported: string[];
  /** The files the CLI asked the release host for. */
  asked: string[];
  /** The session's environment at its end (`pulumi` commands after it). */
  env: NodeJS.ProcessEnv;
  client: ComputeClient;
}

export interface FollowOptions {
  /** Each project file, by the language of the page's block that holds it. */
  files: Record<string, string>;
  /** Added to the user's environment. */
  env?: NodeJS.ProcessEnv;
  /** The heading of the page's section that is the quick start (`## A first program`): it runs up to
   * the next heading of its level. Default: the whole page. */
  section?: string;
}

export interface QuickStartPages {
  /** Follows the page docs/<name>. */
  follow(name: string, options: FollowOptions): Promise<Followed>;
  /** Makes a project with `pulumi new` from templates/<name> (`edit` changes the copy first) from an
   * empty directory, the stack `dev` with the emulator's URL as its config, its token set as a
   * secret, then `pulumi up`. */
  fromTemplate(name: string, options: TemplateOptions): Promise<Followed>;
  dispose(): Promise<void>;
}

export interface TemplateOptions {
  /** Added to the user's environment. */
  env?: NodeJS.ProcessEnv;
  /** Changes the copy of the template before `pulumi new` reads it. */
  edit?: (dir: string) => void;
}

export async function quickStartPages(): Promise<QuickStartPages> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "compute-quick-start-"));
  const artifacts = path.join(work, "release");
  let host: ReleaseHost | undefined;
  let emulator: Emulator | undefined;
  try {
    await release({ out: artifacts, downloadUrl: RELEASES, npm: false });
    host = await startReleaseHost(artifacts);
    emulator = await startEmulator({ token: "my-token" });
  } catch (err) {
    await emulator?.close();
    await host?.close();
    fs.rmSync(work, { recursive: true, force: true });
    throw err;
  }
  const [served, api] = [host, emulator];
  const read = (name: string) => fs.readFileSync(path.join(work, name), "utf8");

  function session(page: string, files: Record<string, string>) {
    const [project, ...rest] = pageBlocks(page, "sh").filter((b) => !b.includes("compute-emulator"));
    const commands = (block: string) =>
      block
        .split("\n")
        .map((line) => line.replace(/\s+#.*$/, ""))
        .filter((line) => line.trim() !== "");
    const lines = [
      ...commands(project!),
      ...Object.entries(files).map(([file, language]) => {
        const [block] = pageBlocks(page, language);
        if (!block) throw new Error(`no ${language} block for ${file}`);
        return `cat >${file} <<'PAGE'\n${block}PAGE`;
      }),
      ...rest.flatMap(commands),
    ].map((line) =>
      line
        .replace(`${RELEASE_PAGE}/v<version>`, served.url)
        .replaceAll("<version>", version)
        .replace("http://127.0.0.1:8080/v4", api.url)
        .replace(/^pulumi up$/, "pulumi up --yes --non-interactive"),
    );
    const exported = lines.flatMap((line) => /^export (\w+)=/.exec(line)?.[1] ?? []);
    return { script: lines.join("\n"), exported: exported.sort() };
  }

  /** Runs `script` as one bash session of a user with a stand-in CLI of its own (under `<work>/<key>`),
   * from an empty directory that it must leave holding one directory, the project. */
  async function runSession(
    key: string,
    script: string,
    exported: string[],
    extra: NodeJS.ProcessEnv,
  ): Promise<Followed> {
    const base = path.join(work, key);
    const cli = standInCli(base);
    const before = treeFingerprint(cli);
    const cwd = path.join(base, "home");
    fs.mkdirSync(cwd);
    const env = userShellEnv(cli, {
      // The user's own settings: their plugin cache, passphrase, no update check.
      PULUMI_HOME: path.join(base, "pulumi-home"),
      PULUMI_CONFIG_PASSPHRASE: "quick-start",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      ...served.overrides,
      ...extra,
    });
    const dumps = [path.join(base, "env-before"), path.join(base, "env-after")];
    served.asked.length = 0;
    await bash(`env -0 >"${dumps[0]}"\n${script}\nenv -0 >"${dumps[1]}"`, cwd, env);
    const [was, is] = dumps.map((f) => parseEnv(read(path.relative(work, f))));
    const changed = Object.keys({ ...was, ...is })
      .filter((k) => was![k] !== is![k])
      .sort();
    const made = fs.readdirSync(cwd);
    if (made.length !== 1) throw new Error(`the session made ${made.join(", ")} in an empty directory`);
    return {
      script,
      project: path.join(cwd, made[0]!),
      tree: { before, after: treeFingerprint(cli) },
      changed,
      exported,
      asked: [...served.asked],
      env: { ...env, ...is },
      client: new ComputeClient({ baseUrl: api.url, token: api.token, retry: { retries: 0 } }),
    };
  }

  return {
    async follow(name, { files, env: extra = {}, section }) {
      const page = sectionOf(fs.readFileSync(path.join(ROOT, "docs", name), "utf8"), section);
      const { script, exported } = session(page, files);
      return runSession(path.basename(name, ".md"), script, exported, extra);
    },
    async fromTemplate(name, { env: extra = {}, edit }) {
      // The template as the package ships it, but for the release's URLs, which name the stand-in host.
      const template = path.join(work, "templates", name);
      fs.cpSync(path.join(ROOT, "templates", name), template, { recursive: true });
      for (const file of fs.readdirSync(template, { recursive: true }) as string[]) {
        const full = path.join(template, file);
        if (!fs.statSync(full).isFile()) continue;
        const text = fs.readFileSync(full, "utf8");
        fs.writeFileSync(full, text.replaceAll(`${RELEASE_PAGE}/v${version}`, served.url));
      }
      edit?.(template);
      const state = path.join(work, "templates", `${name}-state`);
      fs.mkdirSync(state);
      const script = [
        `export PULUMI_BACKEND_URL="file://${state}"`,
        `mkdir infra && cd infra`,
        [
          `pulumi new "${template}" --yes --non-interactive --stack dev --name infra`,
          `--description "from the ${name} template" --config compute:apiUrl=${api.url}`,
        ].join(" "),
        // The CLI stores a value given with --config as given, whatever the template's prompt says:
        // a script sets the secret as the README does.
        `pulumi config set --secret compute:token ${api.token}`,
        `pulumi up --yes --non-interactive`,
      ].join("\n");
      return runSession(`template-${name}`, script, ["PULUMI_BACKEND_URL"], extra);
    },
    async dispose() {
      await api.close();
      await served.close();
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}

/** The part of `page` from the heading `section` to the next heading of its level (all of it without
 * one). */
function sectionOf(page: string, section?: string): string {
  if (!section) return page;
  const start = page.indexOf(`${section}\n`);
  if (start < 0) throw new Error(`no section ${section}`);
  const level = /^#+ /.exec(section)![0];
  const end = page.indexOf(`\n${level}`, start + section.length);
  return page.slice(start, end < 0 ? undefined : end);
}

/** Runs `command` in bash in the project with the session's environment: its stdout. */
export const inProject = (followed: Followed, command: string) =>
  bash(command, followed.project, followed.env);
