/**
 * The Terraform fixture (test/fixtures/terraform, written by terraform-fixture.sh): its directory, a
 * copy of the emulator's durable state to start an emulator from, and the IDs the Terraform state
 * holds by address (they depend on the order Terraform created the objects in).
 */
import * as fs from "node:fs";
import * as path from "node:path";

export const TERRAFORM_FIXTURE = path.resolve(__dirname, "../fixtures/terraform");
export const TERRAFORM_STATE = path.join(TERRAFORM_FIXTURE, "terraform.tfstate");

interface Resource {
  type: string;
  name: string;
  instances: { attributes: Record<string, unknown> }[];
}

/** The attributes of the resource at `address` (`linode_vpc.net`) in the fixture's state. */
export function terraformAttributes(address: string): Record<string, unknown> {
  const state = JSON.parse(fs.readFileSync(TERRAFORM_STATE, "utf8")) as { resources: Resource[] };
  const found = state.resources.find((r) => `${r.type}.${r.name}` === address);
  if (!found) throw new Error(`no ${address} in ${TERRAFORM_STATE}`);
  return found.instances[0]!.attributes;
}

/** The ID of the resource at `address`, as a string. */
export const terraformId = (address: string): string => String(terraformAttributes(address).id);

/** Copies the emulator's state into `dir` (an emulator writes to its data file) and returns the copy's path. */
export function emulatorStateCopy(dir: string): string {
  const copy = path.join(dir, "emulator-state.json");
  fs.copyFileSync(path.join(TERRAFORM_FIXTURE, "emulator-state.json"), copy);
  return copy;
}
