/** Security settings: two-factor and security questions (the rules: `models/profile-security.ts`). */
import { profileSecurityEndpoints as e } from "../../contract";
import type { Router } from "../router";
import {
  confirmTfa,
  disableTfa,
  answerSecurityQuestions,
  enableTfa,
  listSecurityQuestions,
} from "../models/profile-security";

export function profileSecurityRoutes(router: Router) {
  router
    .on(e.listSecurityQuestions, (ctx) => listSecurityQuestions(ctx, ctx.user))
    .on(e.answerSecurityQuestions, (ctx) => answerSecurityQuestions(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.enableTfa, (ctx) => enableTfa(ctx, ctx.user))
    .on(e.confirmTfa, (ctx) => confirmTfa(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.disableTfa, (ctx) => disableTfa(ctx, ctx.user));
}
