/**
 * `ts-node terraform-fixture-scrub.ts TFSTATE EMULATOR_DATA OUTDIR` (terraform-fixture.sh runs it):
 * writes OUTDIR/terraform.tfstate with every value Terraform marks sensitive, and every attribute named
 * like a secret, set to null; and OUTDIR/emulator-state.json without the API tokens (their rows hold
 * the values).
 */
import * as fs from "node:fs";
import * as path from "node:path";

type Json = Record<string, unknown>;
interface Step {
  value: unknown;
}

const SECRET_NAMES = new Set(["root_pass", "token", "stackscript_data", "password", "private_key"]);
const [tfstate, data, outDir] = process.argv.slice(2) as (string | undefined)[];
if (!tfstate || !data || !outDir) {
  console.error("usage: terraform-fixture-scrub.js TFSTATE EMULATOR_DATA OUTDIR");
  process.exit(2);
}

/** Sets the value at a sensitive path (`[{type: "get_attr", value: "root_pass"}, ...]`) to null. */
function nullAt(attributes: unknown, steps: Step[]): void {
  let node = attributes;
  for (const [i, step] of steps.entries()) {
    if (node === null || typeof node !== "object") return;
    const key = String(step.value);
    if (i === steps.length - 1) (node as Json)[key] = null;
    else node = (node as Json)[key];
  }
}

function scrubNames(value: unknown): void {
  if (Array.isArray(value)) return value.forEach(scrubNames);
  if (value === null || typeof value !== "object") return;
  const object = value as Json;
  for (const key of Object.keys(object)) {
    if (SECRET_NAMES.has(key) && object[key] !== null) object[key] = null;
    else scrubNames(object[key]);
  }
}

interface State {
  resources?: { instances?: { attributes: Json; sensitive_attributes?: Step[][] }[] }[];
}
const state = JSON.parse(fs.readFileSync(tfstate, "utf8")) as State;
for (const resource of state.resources ?? []) {
  for (const instance of resource.instances ?? []) {
    for (const steps of instance.sensitive_attributes ?? []) nullAt(instance.attributes, steps);
    scrubNames(instance.attributes);
  }
}
fs.writeFileSync(path.join(outDir, "terraform.tfstate"), `${JSON.stringify(state, null, 2)}\n`);

const snapshot = JSON.parse(fs.readFileSync(data, "utf8")) as { tables: Record<string, unknown[]> };
snapshot.tables.tokens = [];
fs.writeFileSync(path.join(outDir, "emulator-state.json"), `${JSON.stringify(snapshot, null, 2)}\n`);
