/** Tags (the rules: `models/tags.ts`). */
import { tagEndpoints as e } from "../../contract";
import type { Router } from "../router";
import { createTag, deleteTag, listTaggedObjects, listTags } from "../models/tags";
import { paginate } from "../paginate";

export function tagRoutes(router: Router) {
  router
    .on(e.listTags, (ctx) => paginate(listTags(ctx, ctx.user), ctx.query))
    .on(e.createTag, (ctx) => createTag(ctx, ctx.user, ctx.params, ctx.body))
    .on(e.listTaggedObjects, (ctx) => paginate(listTaggedObjects(ctx, ctx.user, ctx.params), ctx.query))
    .on(e.deleteTag, (ctx) => deleteTag(ctx, ctx.user, ctx.params));
}
