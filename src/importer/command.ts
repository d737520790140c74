/** `compute-import`'s arguments, environment, output and exit codes (the bin in cli.ts runs it). */
import * as fs from "node:fs";
import { parseArgs } from "node:util";
import { ComputeClient, type ClientOptions } from "../client/compute-client";
import { messageOf } from "../client/errors";
import { fromPulumiLinodeExport, fromTerraformState, StateError, type Converted } from "./from-state";
import { generateProgram } from "./generate";
import { IMPORT_KINDS, type ImportKind } from "./kinds";
import { LANGUAGES, PROGRAM_FILE, type Language } from "./languages";
import type { Selection } from "./select";

export const USAGE = `Usage: compute-import [--api-url URL] [--token TOKEN] [--language LANG] [--out FILE] [--kinds KIND,...] [--ids ID,...]
       compute-import --from-terraform TFSTATE [--out FILE]
       compute-import --from-pulumi-linode EXPORT [--out FILE]
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
--from-terraform TFSTATE      instead, write the file \`pulumi import --file\` takes (a YAML, Python or Go
                              program, with the resource plugin) for the objects a terraform.tfstate
                              (format version 4; \`terraform state pull\` prints it) of the Terraform
                              provider for this API manages; no API call
--from-pulumi-linode EXPORT   the same from a \`pulumi stack export\` of a pulumi-linode stack
Each resource of the state that is not in that file is named on stderr, one line each.
Exit status: 0 written, 1 the API (or reading or writing a file) failed, 2 a usage error.`;

class UsageError extends Error {}

export interface Io {
  stdout(text: string): void;
  stderr(line: string): void;
}

/** Converting another tool's state: no API. */
interface Convert {
  from: "terraform" | "pulumi-linode";
  file: string;
  out?: string;
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
    const other = (["api-url", "token", "kinds", "ids"] as const).find((name) => values[name] !== undefined);
    if (other) throw new UsageError(`--${other} does not go with --${flag}: the state holds every ID`);
    const file = values[flag]!;
    if (file === "") throw new UsageError(`--${flag} needs a file`);
    return { from: flag === "from-terraform" ? "terraform" : "pulumi-linode", file, out: values.out };
  }
  const apiUrl = values["api-url"] || env.COMPUTE_API_URL;
  const token = values.token || env.COMPUTE_TOKEN;
  if (!apiUrl) throw new UsageError("the API URL is missing: give --api-url or set COMPUTE_API_URL");
  if (!/^https?:\/\/[^\s/]+/.test(apiUrl))
    throw new UsageError(`the API URL must be http(s)://..., got ${apiUrl}`);
  if (!token) throw new UsageError("the token is missing: give --token or set COMPUTE_TOKEN");
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
  if ("from" in run) return convertState(run, io);
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

/** `--from-terraform` / `--from-pulumi-linode`: the import file, and a line for each resource left out. */
async function convertState(run: Convert, io: Io): Promise<number> {
  let converted: Converted;
  try {
    const text = await fs.promises.readFile(run.file, "utf8");
    converted = run.from === "terraform" ? fromTerraformState(text) : fromPulumiLinodeExport(text);
  } catch (err) {
    const message = err instanceof StateError ? err.message : `${run.file}: ${oneLine(err, undefined)}`;
    io.stderr(`compute-import: ${message}`);
    return 1;
  }
  for (const line of converted.skipped) io.stderr(`compute-import: not imported: ${line}`);
  const json = `${JSON.stringify(converted.file, null, 2)}\n`;
  try {
    if (run.out === undefined) io.stdout(json);
    else await fs.promises.writeFile(run.out, json);
  } catch (err) {
    io.stderr(`compute-import: ${oneLine(err, undefined)}`);
    return 1;
  }
  return 0;
}
