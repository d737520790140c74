/**
 * Grants given to a user seeded through the control API. A grant's `label` is read-only on the real
 * API (it is the entity's label), so a seed may leave it out: it is filled from the entity. For an
 * entity the emulator does not hold (no such ID, or a kind it does not emulate) the label must be
 * given, or the seed is refused with a 400 naming the field.
 */
import {
  GRANT_ENTITY_TYPES,
  type EntityGrant,
  type ErrorItem,
  type GrantEntityType,
  type Grants,
  type SeedGrants,
} from "../contract";
import { ApiError } from "./api-error";
import type { Store } from "./store";

/** The label of the entity a grant names, for the kinds the emulator holds. */
const LABEL_OF: Partial<Record<GrantEntityType, (store: Store, id: number) => string | undefined>> = {
  compute: (store, id) => store.table("instances").get(id)?.label,
  image: (store, id) => store.table("images").get(id)?.label,
  stackscript: (store, id) => store.table("stackscripts").get(id)?.label,
  vpc: (store, id) => store.table("vpcs").get(id)?.label,
};

export function seedGrants(store: Store, seed: SeedGrants | undefined): Partial<Grants> | undefined {
  if (!seed) return undefined;
  const errors: ErrorItem[] = [];
  const grants: Partial<Grants> = {};
  if (seed.global) grants.global = seed.global as Grants["global"];
  for (const type of GRANT_ENTITY_TYPES) {
    const entries = seed[type];
    if (!entries) continue;
    grants[type] = entries.map((grant, i): EntityGrant => {
      const label = grant.label ?? LABEL_OF[type]?.(store, grant.id);
      if (label === undefined) {
        errors.push({
          field: `grants.${type}[${i}].label`,
          reason: `label is required: the emulator holds no ${type} ${grant.id} to take it from`,
        });
      }
      return { id: grant.id, permissions: grant.permissions, label: label ?? "" };
    });
  }
  if (errors.length) throw new ApiError(400, errors);
  return grants;
}
