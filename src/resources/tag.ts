import * as pulumi from "@pulumi/pulumi";
import { placeholders } from "../provider/core/resource-spec";
import { TAG_COMPUTED } from "../provider/field-lists";
import { computeResourceArgs, lookUpArgs, pausePromiseStacks } from "./compute-resource";

export interface TagArgs {
  /** 3..50 characters; the tag's identity (and ID). Changing it replaces the tag. An existing tag of
   * that label is taken over. */
  label: pulumi.Input<string>;
  /**
   * IDs of the instances to give the tag to (e.g. `[web.id]`). Updated in place: added ones get it
   * through the tags API, removed ones lose it (their own tag list is updated). Instances that carry
   * the label some other way (their `Instance.tags`, another tool) are left alone.
   */
  instances?: pulumi.Input<pulumi.Input<string | number>[]>;
}

/**
 * A tag, and the instances this resource gives it to. An `Instance` that declares `tags` owns its
 * whole list: after a refresh, its next `up` would take off a tag a `Tag` gave it. Either list the
 * label in the instance's `tags`, or give that instance `ignoreChanges: ["tags"]`.
 *
 * Deleting the resource takes the tag off its instances, then deletes the tag unless other instances
 * still carry it.
 *
 * ```ts
 * const prod = new compute.Tag("prod", { label: "prod", instances: [web.id, db.id] });
 * ```
 */
export class Tag extends pulumi.CustomResource {
  declare readonly label: pulumi.Output<string>;
  /** The listed instances that carry the tag, in ascending order. */
  declare readonly instances: pulumi.Output<number[]>;

  /**
   * Reads a tag the stack does not manage: the engine reads it from the API, writing nothing, and
   * `destroy` leaves it. `id` is its label. Its `instances` are those of `state.instances` that carry
   * it (a Tag resource's are the instances it manages).
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: Partial<TagArgs>,
    opts?: pulumi.CustomResourceOptions,
  ): Tag {
    return new Tag(name, ...lookUpArgs<TagArgs>("Tag", id, state, opts));
  }

  constructor(name: string, args: TagArgs, opts?: pulumi.CustomResourceOptions) {
    const restoreStacks = pausePromiseStacks();
    try {
      super(...computeResourceArgs("Tag", name, { ...placeholders(TAG_COMPUTED), ...args }, opts));
    } finally {
      restoreStacks();
    }
  }
}
