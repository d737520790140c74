/** `compute-import`'s arguments, environment, output and exit codes (the bin in cli.ts runs it). */
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { ComputeClient, type ClientOptions } from "../client/compute-client";
import { messageOf } from "../client/errors";
import { fromPulumiLinodeExport, fromTerraformState, StateError, type Converted } from "./from-state";
import { declareAccount, generateProgram } from "./generate";
import { renderProgram } from "./render";
import { IMPORT_KINDS, type ImportKind } from "./kinds";
import { LANGUAGES, PROGRAM_FILE, type Language } from "./languages";
import type { Selection } from "./select";

export const USAGE = `Usage: compute-import [--api-url URL] [--token TOKEN] [--language LANG] [--out FILE] [--kinds KIND,...] [--ids ID,...]
       compute-import --from-terraform TFSTATE [--out FILE]
       compute-import --from-pulumi-linode EXPORT [--out FILE]
       compute-import --from-terraform TFSTATE --typescript [--api-url URL] [--token TOKEN] [--out FILE]
Writes a Pulumi program declaring the objects of a Compute Cloud account, each with the \`import\`
resource option, so that \`pulumi up\` adopts them as they are instead of creating them.
  --api-url URL    the API's base URL, ending in /v4 (default: $COMPUTE_API_URL)
  --token TOKEN    a token that can read the account (default: $COMPUTE_TOKEN)
  --language LANG  the program's language: ${LANGUAGES.join(", ")} (default: typescript); its file:
                   ${LANGUAGES.map((l) => `${l} ${PROGRAM_FILE[l]}`).join(", ")} (YAML's beside the
                   project's Pulumi.yaml)
  --out FILE       write the program to FILE (default: standard output)
  --kinds K,...    only objects of these kinds: ${IMPORT_KINDS.join(", ")}
  --ids ID,...     only the objects with these IDs: numbers, private/N for an image, the label for a tag
                   (with --kinds too, an object must match both)
An object selected brings the objects it belongs to (a subnet its VPC; a disk or config its instance; an
interface its config and instance), so that its parent IDs are references to declared resources. Other
IDs (an interface's subnet, a config's disks, a tag's instances) are references when the program
declares that object too, else the ID itself.
An instance deployed from an image is declared alone: its disks and configs come with the image. Inputs
the API never returns (root passwords, keys, StackScript data, ...) are left out, with a comment saying so.
Not declared: API tokens (importing the token the program runs with would let \`destroy\` revoke it),
backups and snapshots, profile settings and preferences, other users' public StackScripts, public images,
image uploads still waiting for their data.
  --from-terraform TFSTATE     instead, write the file \`pulumi import --file\` takes (for a YAML, Python
                               or Go program) for the objects a terraform.tfstate (format version 4, as
                               \`terraform state pull\` prints it) of the Terraform provider for this API
                               manages; no API call
  --from-pulumi-linode EXPORT  the same from a \`pulumi stack export\` of a pulumi-linode stack
  --typescript                 with either: a TypeScript program of those objects instead, each with
                               the \`import\` option, read through the API (--api-url, --token)
Each resource of the state that is not in that file is named on stderr, one line each.
Exit status: 0 written, 1 the API (or reading or writing a file) failed, 2 a usage error.`;

class UsageError extends Error {}

export interface Io {
  stdout(text: string): void;
  stderr(line: string): void;
}

/** Converting another tool's state: no API, unless a TypeScript program is asked for. */
interface Convert {
  from: "terraform" | "pulumi-linode";
  file: string;
  out?: string;
  /** `--typescript`: the account the program's objects are read from. */
  account?: { apiUrl: string; token: string };
}

interface Run {
  apiUrl: string;
  token: string;
  out?: string;
  language: Language;
  selection: Selection;
}

const list = (value: string | undefined) =>
  value
    ?.split(",")
    .map((item) => item.trim())
    .filter(Boolean);

function kindsOf(value: string | undefined): ImportKind[] | undefined {
  return list(value)?.map((name) => {
    const kind = IMPORT_KINDS.find((k) => k.toLowerCase() === name.toLowerCase());
    if (!kind) throw new UsageError(`--kinds: unknown kind ${name} (kinds: ${IMPORT_KINDS.join(", ")})`);
    return kind;
  });
}

function parse(argv: string[], env: NodeJS.ProcessEnv): Run | Convert | "help" {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        "api-url": { type: "string" },
        token: { type: "string" },
        out: { type: "string" },
        language: { type: "string" },
        kinds: { type: "string" },
        ids: { type: "string" },
        "from-terraform": { type: "string" },
        "from-pulumi-linode": { type: "string" },
        typescript: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (err) {
    throw new UsageError((err as Error).message.split("\n")[0]!);
  }
  if (values.help) return "help";
  const sources = (["from-terraform", "from-pulumi-linode"] as const).filter(
    (flag) => values[flag] !== undefined,
  );
  if (sources.length > 1) throw new UsageError("give one of --from-terraform and --from-pulumi-linode");
  if (sources.length === 1) {
    const flag = sources[0]!;
    const refused = values.typescript
      ? ["language", "kinds", "ids"]
      : ["api-url", "token", "language", "kinds", "ids"];
    const other = (refused as ("api-url" | "token" | "language" | "kinds" | "ids")[]).find(
      (name) => values[name] !== undefined,
    );
    if (other) throw new UsageError(`--${other} does not go with --${flag}: the state holds every ID`);
    const file = values[flag]!;
    if (file === "") throw new UsageError(`--${flag} needs a file`);
    const from = flag === "from-terraform" ? "terraform" : "pulumi-linode";
    return { from, file, out: values.out, ...(values.typescript && { account: accountOf(values, env) }) };
  }
  if (values.typescript)
    throw new UsageError("--typescript goes with --from-terraform or --from-pulumi-linode");
  const { apiUrl, token } = accountOf(values, env);
  const ids = list(values.ids);
  if (ids?.length === 0) throw new UsageError("--ids needs at least one ID");
  const kinds = kindsOf(values.kinds);
  if (kinds?.length === 0) throw new UsageError("--kinds needs at least one kind");
  const language = (values.language ?? "typescript").toLowerCase();
  if (!LANGUAGES.includes(language as Language))
    throw new UsageError(
      `--language: unknown language ${values.language} (languages: ${LANGUAGES.join(", ")})`,
    );
  return { apiUrl, token, out: values.out, language: language as Language, selection: { kinds, ids } };
}

function accountOf(values: { "api-url"?: string; token?: string }, env: NodeJS.ProcessEnv) {
  const apiUrl = values["api-url"] || env.COMPUTE_API_URL;
  const token = values.token || env.COMPUTE_TOKEN;
  if (!apiUrl) throw new UsageError("the API URL is missing: give --api-url or set COMPUTE_API_URL");
  if (!/^https?:\/\/[^\s/]+/.test(apiUrl))
    throw new UsageError(`the API URL must be http(s)://..., got ${apiUrl}`);
  if (!token) throw new UsageError("the token is missing: give --token or set COMPUTE_TOKEN");
  return { apiUrl, token };
}

/** One line, without the token (an error message should never hold it, but one that quotes a request might). */
function oneLine(err: unknown, token: string | undefined): string {
  const text = messageOf(err).replace(/\s+/g, " ").trim();
  return token ? text.split(token).join("***") : text;
}

/** `client`: options of the API client besides URL and token (tests shorten its retries). */
export async function runCommand(
  argv: string[],
  env: NodeJS.ProcessEnv,
  io: Io,
  client: Partial<ClientOptions> = {},
): Promise<number> {
  let run: Run | Convert | "help";
  try {
    run = parse(argv, env);
  } catch (err) {
    io.stderr(`compute-import: ${oneLine(err, undefined)} (--help for usage)`);
    return 2;
  }
  if (run === "help") {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  if ("from" in run) return convertState(run, io, client);
  try {
    const api = new ComputeClient({ ...client, baseUrl: run.apiUrl, token: run.token });
    const program = await generateProgram(api, run.selection, run.language);
    if (run.out === undefined) io.stdout(program);
    else await fs.promises.writeFile(run.out, program);
    return 0;
  } catch (err) {
    io.stderr(`compute-import: ${oneLine(err, run.token)}`);
    return 1;
  }
}

/** `--from-terraform` / `--from-pulumi-linode`: the import file (or, with `--typescript`, a program),
 * and a line for each resource left out. */
async function convertState(run: Convert, io: Io, client: Partial<ClientOptions>): Promise<number> {
  let converted: Converted;
  try {
    const text = await fs.promises.readFile(run.file, "utf8");
    converted = run.from === "terraform" ? fromTerraformState(text) : fromPulumiLinodeExport(text);
  } catch (err) {
    const message = err instanceof StateError ? err.message : `${run.file}: ${oneLine(err, undefined)}`;
    io.stderr(`compute-import: ${message}`);
    return 1;
  }
  let output = `${JSON.stringify(converted.file, null, 2)}\n`;
  const skipped = [...converted.skipped];
  if (run.account) {
    try {
      const program = await programOf(converted, run, client);
      output = program.text;
      skipped.push(...program.skipped);
    } catch (err) {
      io.stderr(`compute-import: ${oneLine(err, run.account.token)}`);
      return 1;
    }
  }
  for (const line of skipped) io.stderr(`compute-import: not imported: ${line}`);
  try {
    if (run.out === undefined) io.stdout(output);
    else await fs.promises.writeFile(run.out, output);
  } catch (err) {
    io.stderr(`compute-import: ${oneLine(err, undefined)}`);
    return 1;
  }
  return 0;
}

/** The TypeScript program declaring the converted objects, as compute-import writes it for an account. */
async function programOf(converted: Converted, run: Convert, client: Partial<ClientOptions>) {
  const skipped: string[] = [];
  const wanted: { kind: ImportKind; id: string; address: string }[] = [];
  converted.file.resources.forEach((entry, i) => {
    const address = converted.addresses[i]!;
    const kind = IMPORT_KINDS.find((k) => `compute:index:${k}` === entry.type);
    // A child's import ID names its parents first; the program's `import` option takes its own.
    const id = entry.id.split("/").pop()!;
    if (kind) wanted.push({ kind, id: entry.type === "compute:index:Image" ? entry.id : id, address });
    else
      skipped.push(
        `${address}: the program declares no ${entry.type.split(":").pop()} (give it the \`import\` option, ID ${id})`,
      );
  });
  const api = new ComputeClient({ ...client, baseUrl: run.account!.apiUrl, token: run.account!.token });
  const selection = { objects: wanted, source: path.basename(run.file) };
  const declared = await declareAccount(api, selection);
  for (const object of wanted)
    if (!declared.some((d) => d.kind === object.kind && d.id === object.id))
      skipped.push(`${object.address}: no ${object.kind} ${object.id} in the account`);
  return { text: renderProgram(declared, selection), skipped };
}
