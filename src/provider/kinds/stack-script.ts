/** StackScript. API area: stackscripts.
 * Everything changes in place (one PUT with every managed field); `isPublic` only from false to
 * true: the API cannot make a public StackScript private, so `check` refuses it at preview, and it
 * cannot delete a public one either, so delete explains how to leave it (`retainOnDelete`).
 *
 * Labels are not unique (the account may hold two `setup` StackScripts), so a create whose answer is
 * lost is found by listing the account's own StackScripts before and after (`createByListing`). Its
 * POST appends the stack's mark (`stack-marks.ts`) to the description, so that any machine tells the
 * StackScript an interrupted create made, and puts the declared description back once it answered.
 */
import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import type { ComputeClient } from "../../client/compute-client";
import { ComputeApiError } from "../../client/errors";
import { collect } from "../../client/pagination";
import { bool, text } from "../../contract/fields";
import {
  stackScriptEndpoints,
  StackScriptImages,
  StackScriptLabel,
  StackScriptParams,
  StackScriptScript,
  StackScript,
} from "../../contract/stackscripts";
import type { CheckFailure } from "../core/check";
import { createByListing } from "../core/create-by-listing";
import { ProviderError } from "../core/errors";
import { defineSpec, type Props } from "../core/resource-spec";
import { dropMark, endsWithMark, listedMark, textAsPosted } from "../core/stack-marks";
import { STACK_SCRIPT_COMPUTED } from "../field-lists";

export const StackScriptInputs = z.object({
  label: StackScriptLabel,
  script: StackScriptScript,
  images: StackScriptImages,
  description: text("description").optional(),
  revNote: text("revNote").optional(),
  isPublic: bool("isPublic").optional(),
});
export type StackScriptInputs = z.infer<typeof StackScriptInputs>;

const params = (id: string | number) => StackScriptParams.parse({ stackscriptId: id });

/** The account's own StackScripts (a listing with a token also holds everyone's public ones). */
const ownStackScripts = (client: ComputeClient) =>
  collect(client.each(stackScriptEndpoints.listStackScripts, { filter: { mine: true } }));

/** `mark`: the stack's mark for the resource, at the end of the description until the create returns. */
function body(inputs: StackScriptInputs, mark?: string) {
  const description = inputs.description ?? "";
  return {
    label: inputs.label,
    script: inputs.script,
    images: inputs.images,
    description: textAsPosted(description, mark),
    rev_note: inputs.revNote ?? "",
    is_public: inputs.isPublic ?? false,
  };
}

function matches(record: StackScript, inputs: StackScriptInputs): boolean {
  const asked = body(inputs);
  return (
    record.label === asked.label &&
    record.script === asked.script &&
    isDeepStrictEqual(record.images, asked.images) &&
    record.description === asked.description &&
    record.rev_note === asked.rev_note &&
    record.is_public === asked.is_public
  );
}

function validate(inputs: StackScriptInputs, olds: Props): CheckFailure[] {
  if (olds.isPublic === true && inputs.isPublic !== true) {
    return [
      {
        property: "isPublic",
        reason:
          "isPublic cannot go back to false: the API cannot make a public StackScript private " +
          "(create a new private StackScript instead)",
      },
    ];
  }
  return [];
}

const marked = {
  carries: (script: StackScript, mark: string) => endsWithMark(script.description, mark),
  without: (script: StackScript, mark: string) => ({
    ...script,
    description: dropMark(script.description, mark),
  }),
  takeOff: (client: ComputeClient, script: StackScript, inputs: StackScriptInputs) =>
    client.api.updateStackScript({ params: params(script.id), body: body(inputs) }),
};

export const stackScriptSpec = defineSpec({
  kind: "StackScript",
  inputs: StackScriptInputs,
  computed: STACK_SCRIPT_COMPUTED,
  outputs: z.object({
    userDefinedFields: StackScript.shape.user_defined_fields,
    deploymentsTotal: StackScript.shape.deployments_total,
    deploymentsActive: StackScript.shape.deployments_active,
    username: StackScript.shape.username,
    userGravatarId: StackScript.shape.user_gravatar_id,
    created: StackScript.shape.created,
    updated: StackScript.shape.updated,
  }),
  keptByUpdate: {
    userDefinedFields: ["script"],
    deploymentsTotal: [],
    deploymentsActive: [],
    username: [],
    userGravatarId: [],
  },
  defaults: { description: "", revNote: "", isPublic: false },
  validate,
  replaceOn: [],
  create: (client, inputs, ctx) =>
    createByListing(
      {
        kind: "StackScript",
        what: `StackScript ${inputs.label}`,
        list: () => ownStackScripts(client),
        post: () => client.api.createStackScript({ body: body(inputs, ctx.mark) }),
        matches: (record) => matches(record, inputs),
        ...listedMark(marked, ctx.mark),
      },
      ctx,
    ),
  marked,
  read: (client, id) => client.api.getStackScript({ params: params(id) }),
  update: (client, id, _olds, news) => client.api.updateStackScript({ params: params(id), body: body(news) }),
  delete: async (client, id, props) => {
    try {
      await client.api.deleteStackScript({ params: params(id) });
    } catch (err) {
      if (!(err instanceof ComputeApiError && err.status === 400)) throw err;
      const current = await client.api.getStackScript({ params: params(id) }).catch(() => undefined);
      if (!(current?.is_public ?? props.isPublic === true)) throw err;
      throw new ProviderError(
        `StackScript delete: StackScript ${id} (${current?.label ?? String(props.label)}) is public, ` +
          "and the API never deletes a public StackScript. To leave it in place and drop it from the stack, " +
          "give the resource the `retainOnDelete: true` option and run `pulumi up`, then remove it from the " +
          "program (or destroy)",
      );
    }
  },
  idOf: (script) => String(script.id),
  toOutputs: (script: StackScript) => ({
    label: script.label,
    script: script.script,
    images: script.images,
    description: script.description,
    revNote: script.rev_note,
    isPublic: script.is_public,
    userDefinedFields: script.user_defined_fields,
    deploymentsTotal: script.deployments_total,
    deploymentsActive: script.deployments_active,
    username: script.username,
    userGravatarId: script.user_gravatar_id,
    created: script.created,
    updated: script.updated,
  }),
});
