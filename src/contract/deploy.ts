/**
 * Fields of deploying an image onto a disk, shared by instance create and rebuild and by disk create:
 * root password (with the strength rule), SSH keys, StackScript and its data, metadata user data.
 */
import { z } from "zod";
import { integer, text } from "./fields";

export const DEPLOY_LIMITS = {
  rootPass: { min: 7, max: 128 },
  stackscriptData: { max: 65_535 },
  /** Unencoded bytes of `metadata.user_data`. */
  userData: { max: 65_535 },
  swapSize: { default: 512 },
} as const;

export const WEAK_PASSWORD_REASON = "Password does not meet strength requirement";

/**
 * The strength rule (the spec names the rule, not its measure): at least three of the four
 * character classes (lower case, upper case, digits, others) and at least five distinct characters.
 */
export function isStrongPassword(password: string): boolean {
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((c) => c.test(password)).length;
  return classes >= 3 && new Set(password).size >= 5;
}

/** A root password: 7..128 characters and strong enough; `field` names it in the messages. */
export function password(field: string) {
  return text(field, DEPLOY_LIMITS.rootPass).refine(isStrongPassword, WEAK_PASSWORD_REASON);
}
export const RootPass = password("root_pass");

const SSH_KEY = /^(ssh-[a-z0-9-]+|ecdsa-sha2-[a-z0-9-]+|sk-[a-z0-9@.-]+) [A-Za-z0-9+/]+={0,3}( .*)?$/;
export const AuthorizedKeys = z.array(
  text("authorized_keys").regex(
    SSH_KEY,
    "authorized_keys must hold public SSH keys (e.g. ssh-ed25519 AAAA...)",
  ),
  { error: "authorized_keys must be an array of public SSH keys" },
);
export const AuthorizedUsers = z.array(text("authorized_users", { min: 1, max: 64 }), {
  error: "authorized_users must be an array of usernames",
});

export const StackScriptId = integer("stackscript_id").positive("stackscript_id must be an integer ID");
export const StackScriptData = z
  .record(z.string(), z.unknown(), { error: "stackscript_data must be a JSON object" })
  .refine(
    (data) => JSON.stringify(data).length <= DEPLOY_LIMITS.stackscriptData.max,
    "stackscript_data must be at most 65,535 characters",
  );

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
export const Metadata = z.object({
  user_data: text("user_data")
    .regex(BASE64, "user_data must be base64-encoded")
    .refine(
      (value) => Buffer.from(value, "base64").length <= DEPLOY_LIMITS.userData.max,
      "user_data must be at most 65,535 bytes before encoding",
    )
    .optional(),
});
export type Metadata = z.infer<typeof Metadata>;

export const ImageId = text("image", { min: 1, max: 128 });
