/** SshKey: a public key added to the profile, shaped by the caller (the engine tests run it with changed shapes). */
import * as compute from "pulumi-compute";

export interface SshKeyShape {
  /** The resource's name in the program. */
  name: string;
  label: string;
  /** The public key line, e.g. `fs.readFileSync(`${os.homedir()}/.ssh/id_ed25519.pub`, "utf8")`. */
  sshKey: string;
}

export function sshKeyProgram(shape: SshKeyShape) {
  const { name, ...args } = shape;
  const key = new compute.SshKey(name, args);
  return { key };
}
