import * as pulumi from "@pulumi/pulumi";
import { placeholders } from "../provider/core/resource-spec";
import { STACK_SCRIPT_COMPUTED } from "../provider/field-lists";
import { computeResourceArgs, lookUpArgs, pausePromiseStacks } from "./compute-resource";

export interface StackScriptArgs {
  /** 3..128 characters (not unique). Updated in place. */
  label: pulumi.Input<string>;
  /** The script, starting with a shebang line; `<UDF name="..." label="..."/>` tags declare the
   * fields a deploy fills in (`userDefinedFields`). Updated in place. */
  script: pulumi.Input<string>;
  /** Image IDs the script deploys to, e.g. `compute/debian12`, or `any/all` for every image. Updated
   * in place. */
  images: pulumi.Input<pulumi.Input<string>[]>;
  /** Updated in place (default ""). */
  description?: pulumi.Input<string>;
  /** A note on this revision. Updated in place (default ""). */
  revNote?: pulumi.Input<string>;
  /**
   * Whether every user may see and deploy it (default false). false → true is in place; true → false
   * is refused at preview (the API cannot make a public StackScript private), and the API never
   * deletes a public StackScript: give it `retainOnDelete: true` before removing it from the program.
   */
  isPublic?: pulumi.Input<boolean>;
}

/** A field the script declares with `<UDF .../>`, as the API parses it. */
export interface StackScriptUserDefinedField {
  name: string;
  label: string;
  example: string;
  default?: string;
  /** Comma-separated choices, one of which must be picked. */
  oneOf?: string;
  /** Comma-separated choices, several of which may be picked. */
  manyOf?: string;
}

/**
 * A StackScript: a script run at an instance's first boot when a disk or instance is deployed with
 * its ID (`stackscriptId`) and its fields' values (`stackscriptData`).
 *
 * ```ts
 * const setup = new compute.StackScript("setup", {
 *   label: "web-setup",
 *   images: ["compute/debian12"],
 *   script: '#!/bin/bash\n# <UDF name="site" label="Site name" example="example.com"/>\necho "$SITE"\n',
 * });
 * ```
 */
export class StackScript extends pulumi.CustomResource {
  declare readonly label: pulumi.Output<string>;
  declare readonly script: pulumi.Output<string>;
  declare readonly images: pulumi.Output<string[]>;
  declare readonly description: pulumi.Output<string>;
  declare readonly revNote: pulumi.Output<string>;
  declare readonly isPublic: pulumi.Output<boolean>;
  /** The fields the script declares, parsed by the API. */
  /** The fields the script declares with `<UDF .../>`, which a deploy's `stackscriptData` fills in. */
  declare readonly userDefinedFields: pulumi.Output<StackScriptUserDefinedField[]>;
  /** Instances ever deployed with it. */
  declare readonly deploymentsTotal: pulumi.Output<number>;
  /** Instances deployed with it that still exist. */
  declare readonly deploymentsActive: pulumi.Output<number>;
  /** The author. */
  declare readonly username: pulumi.Output<string>;
  declare readonly userGravatarId: pulumi.Output<string>;
  declare readonly created: pulumi.Output<string>;
  declare readonly updated: pulumi.Output<string>;

  /**
   * Reads a StackScript the stack does not manage: the engine reads it from the API, writing nothing,
   * and `destroy` leaves it. `id` is its ID.
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: Partial<StackScriptArgs>,
    opts?: pulumi.CustomResourceOptions,
  ): StackScript {
    return new StackScript(name, ...lookUpArgs<StackScriptArgs>("StackScript", id, state, opts));
  }

  constructor(name: string, args: StackScriptArgs, opts?: pulumi.CustomResourceOptions) {
    const restoreStacks = pausePromiseStacks();
    try {
      super(
        ...computeResourceArgs(
          "StackScript",
          name,
          { ...placeholders(STACK_SCRIPT_COMPUTED), ...args },
          opts,
        ),
      );
    } finally {
      restoreStacks();
    }
  }
}
