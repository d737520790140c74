/** What `getProfile` gives (`../profile.ts` declares the same types). */
import { z } from "zod";
import { Profile } from "../../contract/profile";

export const profileFunctions = {
  getProfile: {
    result: z.object({
      uid: Profile.shape.uid,
      username: Profile.shape.username,
      email: Profile.shape.email,
      emailNotifications: Profile.shape.email_notifications,
      timezone: Profile.shape.timezone,
      authenticationType: Profile.shape.authentication_type,
      authorizedKeys: Profile.shape.authorized_keys,
      lishAuthMethod: Profile.shape.lish_auth_method,
      ipWhitelistEnabled: Profile.shape.ip_whitelist_enabled,
      restricted: Profile.shape.restricted,
      twoFactorAuth: Profile.shape.two_factor_auth,
      verifiedPhoneNumber: Profile.shape.verified_phone_number,
      referrals: Profile.shape.referrals,
    }),
  },
};
