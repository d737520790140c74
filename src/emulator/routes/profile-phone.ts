/** Phone verification (the rules: `models/profile-phone.ts`). */
import { profileSecurityEndpoints as e } from "../../contract";
import type { Router } from "../router";
import { deletePhoneNumber, sendPhoneVerificationCode, verifyPhoneNumber } from "../models/profile-phone";

export function profilePhoneRoutes(router: Router) {
  router
    .on(e.sendPhoneVerificationCode, (ctx) => sendPhoneVerificationCode(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.verifyPhoneNumber, (ctx) => verifyPhoneNumber(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.deletePhoneNumber, (ctx) => deletePhoneNumber(ctx, ctx.user));
}
