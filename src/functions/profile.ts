/** Data function of the acting user's profile: `getProfile`. API area: profile. */
import type * as pulumi from "@pulumi/pulumi";
import type { Profile } from "../contract/profile";
import type { LishAuthMethod } from "../contract/values";
import { clientFor, outputOf, run, type FunctionOptions } from "./call";

/** The profile of the token's user. */
export interface ProfileResult {
  uid: number;
  username: string;
  email: string;
  emailNotifications: boolean;
  /** IANA time zone name. */
  timezone: string;
  authenticationType: "password" | "github";
  /** Public keys installed on new instances' root user; null when none were set. */
  authorizedKeys: string[] | null;
  lishAuthMethod: LishAuthMethod;
  ipWhitelistEnabled: boolean;
  /** Whether the user is restricted (its access then comes from `getGrants`). */
  restricted: boolean;
  twoFactorAuth: boolean;
  verifiedPhoneNumber: string | null;
  /** The user's referral code and link, and the referrals and credit they earned. */
  referrals: {
    code: string;
    completed: number;
    credit: number;
    pending: number;
    total: number;
    url: string;
  };
}

/** @internal */
export function toProfileResult(p: Profile): ProfileResult {
  return {
    uid: p.uid,
    username: p.username,
    email: p.email,
    emailNotifications: p.email_notifications,
    timezone: p.timezone,
    authenticationType: p.authentication_type,
    authorizedKeys: p.authorized_keys ? [...p.authorized_keys] : null,
    lishAuthMethod: p.lish_auth_method,
    ipWhitelistEnabled: p.ip_whitelist_enabled,
    restricted: p.restricted,
    twoFactorAuth: p.two_factor_auth,
    verifiedPhoneNumber: p.verified_phone_number,
    referrals: { ...p.referrals },
  };
}

/** The profile of the user whose token the stack uses (any valid token may read it). */
export function getProfile(opts?: FunctionOptions): Promise<ProfileResult> {
  return run({ fn: "getProfile", opts }, async () => toProfileResult(await clientFor(opts).api.getProfile()));
}

/** `getProfile` as an Output. */
export function getProfileOutput(opts?: FunctionOptions): pulumi.Output<ProfileResult> {
  return outputOf(() => getProfile(opts), {});
}
