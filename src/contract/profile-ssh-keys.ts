/** SSH keys of the acting user's profile: record, requests, the public key format, endpoints. */
import { z } from "zod";
import { endpoint } from "./endpoint";
import { dateTime, idFrom, text } from "./fields";
import { listEnvelope, PageQuery } from "./pagination";

export const SSH_KEY_LIMITS = { label: { max: 64 } } as const;

/** The key types accepted: RSA, Ed25519 and the three NIST ECDSA curves. */
export const SSH_KEY_TYPES = [
  "ssh-rsa",
  "ssh-ed25519",
  "ecdsa-sha2-nistp256",
  "ecdsa-sha2-nistp384",
  "ecdsa-sha2-nistp521",
] as const;

const KEY_LINE = /^(\S+) ([A-Za-z0-9+/]+={0,2})(?: .*)?$/;

/**
 * Whether `value` is an OpenSSH public key line: `<type> <base64 blob> [comment]`, where the blob
 * starts with the same type name (length-prefixed) followed by key material.
 */
export function isSshPublicKey(value: string): boolean {
  const match = KEY_LINE.exec(value.trim());
  if (!match || !(SSH_KEY_TYPES as readonly string[]).includes(match[1]!)) return false;
  const blob = Buffer.from(match[2]!, "base64");
  if (blob.length < 4) return false;
  const nameLength = blob.readUInt32BE(0);
  const name = blob.subarray(4, 4 + nameLength).toString("latin1");
  return name === match[1] && blob.length > 4 + nameLength + 4;
}

/** A public key line; `field` names it in the message. */
export function sshPublicKey(field: string) {
  return text(field).refine(
    isSshPublicKey,
    `${field} must be an SSH public key: ssh-rsa, ssh-ed25519 or ecdsa-sha2-nistp* followed by the base64 key`,
  );
}

export const SshKeyLabel = text("label", SSH_KEY_LIMITS.label);

export const SshKey = z.object({
  id: z.number().int(),
  label: z.string(),
  ssh_key: z.string(),
  created: dateTime,
});
export type SshKey = z.infer<typeof SshKey>;

export const SshKeyCreateRequest = z.object({
  label: SshKeyLabel.optional(),
  ssh_key: sshPublicKey("ssh_key"),
});
export type SshKeyCreateRequest = z.infer<typeof SshKeyCreateRequest>;

/** Only the label can change; other keys in the body are ignored. */
export const SshKeyUpdateRequest = z.object({ label: SshKeyLabel.optional() });
export type SshKeyUpdateRequest = z.infer<typeof SshKeyUpdateRequest>;

export const SshKeyParams = z.object({ sshKeyId: idFrom("sshKeyId") });

export const profileSshKeyEndpoints = {
  listProfileSshKeys: endpoint({
    name: "listProfileSshKeys",
    method: "GET",
    path: "/profile/sshkeys",
    scopes: ["account:read_only"],
    query: PageQuery,
    response: listEnvelope(SshKey),
    filterable: [],
    summary: "SSH keys of the acting user",
  }),
  createProfileSshKey: endpoint({
    name: "createProfileSshKey",
    method: "POST",
    path: "/profile/sshkeys",
    scopes: ["account:read_write"],
    body: SshKeyCreateRequest,
    response: SshKey,
    summary: "Adds an SSH key to the profile",
  }),
  getProfileSshKey: endpoint({
    name: "getProfileSshKey",
    method: "GET",
    path: "/profile/sshkeys/{sshKeyId}",
    scopes: ["account:read_only"],
    params: SshKeyParams,
    response: SshKey,
    summary: "One SSH key",
  }),
  updateProfileSshKey: endpoint({
    name: "updateProfileSshKey",
    method: "PUT",
    path: "/profile/sshkeys/{sshKeyId}",
    scopes: ["account:read_write"],
    params: SshKeyParams,
    body: SshKeyUpdateRequest,
    response: SshKey,
    summary: "Changes an SSH key's label (the only field that can change)",
  }),
  deleteProfileSshKey: endpoint({
    name: "deleteProfileSshKey",
    method: "DELETE",
    path: "/profile/sshkeys/{sshKeyId}",
    scopes: ["account:read_write"],
    params: SshKeyParams,
    summary: "Removes the key from the profile (keys already deployed stay)",
  }),
};
