/** Real OpenSSH public key lines for tests, made with node:crypto. */
import { generateKeyPairSync } from "node:crypto";

const sshString = (data: Buffer | string) => {
  const bytes = typeof data === "string" ? Buffer.from(data) : data;
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
};
/** An SSH mpint: big-endian, with a leading zero when the high bit is set. */
const mpint = (data: Buffer) => sshString(data[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), data]) : data);
const b64url = (s: string) => Buffer.from(s, "base64url");

export function publicKeyLine(type: "ed25519" | "ecdsa" | "rsa" = "ed25519", comment = "ci@example"): string {
  if (type === "ed25519") {
    const jwk = generateKeyPairSync("ed25519").publicKey.export({ format: "jwk" });
    const blob = Buffer.concat([sshString("ssh-ed25519"), sshString(b64url(jwk.x!))]);
    return `ssh-ed25519 ${blob.toString("base64")} ${comment}`;
  }
  if (type === "ecdsa") {
    const jwk = generateKeyPairSync("ec", { namedCurve: "P-256" }).publicKey.export({ format: "jwk" });
    const point = Buffer.concat([Buffer.from([4]), b64url(jwk.x!), b64url(jwk.y!)]);
    const blob = Buffer.concat([sshString("ecdsa-sha2-nistp256"), sshString("nistp256"), sshString(point)]);
    return `ecdsa-sha2-nistp256 ${blob.toString("base64")} ${comment}`;
  }
  const jwk = generateKeyPairSync("rsa", { modulusLength: 1024 }).publicKey.export({ format: "jwk" });
  const blob = Buffer.concat([sshString("ssh-rsa"), mpint(b64url(jwk.e!)), mpint(b64url(jwk.n!))]);
  return `ssh-rsa ${blob.toString("base64")} ${comment}`;
}
