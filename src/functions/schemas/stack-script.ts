/** What `getStackScripts` and `getStackScript` take and give (`../stack-script.ts` declares the same types). */
import { z } from "zod";
import { idFrom, idOutput } from "../../contract/fields";
import { StackScript } from "../../contract/stackscripts";
import { LabelArgs } from "./labels";

const s = StackScript.shape;

const StackScriptResult = z.object({
  id: idOutput(),
  username: s.username,
  userGravatarId: s.user_gravatar_id,
  label: s.label,
  description: s.description,
  ordinal: s.ordinal,
  logoUrl: s.logo_url,
  images: s.images,
  deploymentsTotal: s.deployments_total,
  deploymentsActive: s.deployments_active,
  isPublic: s.is_public,
  mine: s.mine,
  created: s.created,
  updated: s.updated,
  revNote: s.rev_note,
  script: s.script,
  userDefinedFields: s.user_defined_fields,
});

export const stackScriptFunctions = {
  getStackScripts: {
    args: LabelArgs.extend({
      isPublic: s.is_public.optional(),
      mine: s.mine.optional(),
      image: z.string().optional(),
    }),
    result: z.object({ stackScripts: z.array(StackScriptResult) }),
  },
  getStackScript: { args: z.object({ id: idFrom("id") }), result: StackScriptResult },
};
