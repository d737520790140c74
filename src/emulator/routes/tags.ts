/** Tags (the rules: `models/tags.ts`). */
import { tagEndpoints as e } from "../../contract";
import type { Router } from "../router";
import { createTag, deleteTag, allLabels, requireUnrestricted, taggedObjects } from "../models/tags";
import { paginate } from "../paginate";

export function tagRoutes(router: Router) {
  router
    .on(e.listTags, ({ store, user, query }) => {
      requireUnrestricted(user);
      return paginate(
        allLabels(store).map((label) => ({ label })),
        query,
      );
    })
    .on(e.createTag, (ctx) => createTag(ctx, ctx.user, ctx.body))
    .on(e.listTaggedObjects, ({ store, user, params, query }) =>
      paginate(taggedObjects(store, user, params.tagLabel), query),
    )
    .on(e.deleteTag, (ctx) => deleteTag(ctx, ctx.user, ctx.params));
}
