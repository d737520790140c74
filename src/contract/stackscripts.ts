/** StackScripts: the record (fields per the API's behaviour), requests, limits and endpoints. */
import { z } from "zod";
import { endpoint } from "./endpoint";
import { bool, dateTime, idFrom, text } from "./fields";
import { listEnvelope, PageQuery } from "./pagination";

export const STACKSCRIPT_LIMITS = { label: { min: 3, max: 128 } } as const;

export { ANY_IMAGE } from "./rule-values";

/** A field the script declares with `<UDF name="..." label="..." .../>`, filled in at deploy time. */
export const UserDefinedField = z.object({
  name: z.string(),
  label: z.string(),
  example: z.string(),
  default: z.string().optional(),
  oneOf: z.string().optional(),
  manyOf: z.string().optional(),
});
export type UserDefinedField = z.infer<typeof UserDefinedField>;

export const StackScript = z.object({
  id: z.number().int(),
  username: z.string(),
  user_gravatar_id: z.string(),
  label: z.string(),
  description: z.string(),
  ordinal: z.number().int(),
  logo_url: z.string(),
  images: z.array(z.string()),
  deployments_total: z.number().int(),
  deployments_active: z.number().int(),
  is_public: z.boolean(),
  mine: z.boolean(),
  created: dateTime,
  updated: dateTime,
  rev_note: z.string(),
  script: z.string(),
  user_defined_fields: z.array(UserDefinedField),
});
export type StackScript = z.infer<typeof StackScript>;

export const StackScriptLabel = text("label", STACKSCRIPT_LIMITS.label);
export const StackScriptImages = z
  .array(text("image ID").min(1, "image ID must not be empty"), {
    error: (iss) => (iss.input === undefined ? "images is required" : "images must be an array of image IDs"),
  })
  .min(1, "images must list at least one image");
export const StackScriptScript = text("script").min(1, "script must not be empty");

export const StackScriptCreateRequest = z.object({
  label: StackScriptLabel,
  images: StackScriptImages,
  script: StackScriptScript,
  description: text("description").optional(),
  rev_note: text("rev_note").optional(),
  is_public: bool("is_public").optional(),
});
export type StackScriptCreateRequest = z.infer<typeof StackScriptCreateRequest>;

export const StackScriptUpdateRequest = StackScriptCreateRequest.partial();
export type StackScriptUpdateRequest = z.infer<typeof StackScriptUpdateRequest>;

export const StackScriptParams = z.object({ stackscriptId: idFrom("stackscriptId") });

export const stackScriptEndpoints = {
  listStackScripts: endpoint({
    name: "listStackScripts",
    method: "GET",
    path: "/compute/stackscripts",
    auth: "optional",
    scopes: ["stackscripts:read_only"],
    query: PageQuery,
    response: listEnvelope(StackScript),
    filterable: ["label", "description", "deployments_total", "is_public", "rev_note", "mine"],
    summary: "Lists public StackScripts, and with a token also the private ones the user may read",
  }),
  createStackScript: endpoint({
    name: "createStackScript",
    method: "POST",
    path: "/compute/stackscripts",
    scopes: ["stackscripts:read_write"],
    body: StackScriptCreateRequest,
    response: StackScript,
    summary: "Creates a StackScript; needs grant add_stackscripts",
  }),
  getStackScript: endpoint({
    name: "getStackScript",
    method: "GET",
    path: "/compute/stackscripts/{stackscriptId}",
    scopes: ["stackscripts:read_only"],
    params: StackScriptParams,
    response: StackScript,
    summary:
      "One StackScript, with the script and its user-defined fields (a token is needed, as the spec lists)",
  }),
  updateStackScript: endpoint({
    name: "updateStackScript",
    method: "PUT",
    path: "/compute/stackscripts/{stackscriptId}",
    scopes: ["stackscripts:read_write"],
    params: StackScriptParams,
    body: StackScriptUpdateRequest,
    response: StackScript,
    summary: "Updates a StackScript; a public one cannot be made private",
  }),
  deleteStackScript: endpoint({
    name: "deleteStackScript",
    method: "DELETE",
    path: "/compute/stackscripts/{stackscriptId}",
    scopes: ["stackscripts:read_write"],
    params: StackScriptParams,
    summary: "Deletes a private StackScript; public ones cannot be deleted",
  }),
};
