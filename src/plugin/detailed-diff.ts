/**
 * The engine's DiffResponse from the provider's diff: besides what changes and what replaces, the
 * detailed diff (each changed place as an add, update or delete, replacing or in place, down to the
 * nested path: `interfaces[1].ipv4.vpc`, never a value the API filled in that the program leaves
 * out), so that `preview --diff` and `--json` say what changes and what replaces; and the stables
 * (inputs that never change in place: the ones whose change replaces, while they do not change).
 */
import { DiffResponse, PropertyDiff } from "@pulumi/pulumi/proto/provider_pb";
import { core, type AnySpec, type CoreDiffResult, type Props } from "../provider/core-interface";

const { comparedState, storedInputs, withStoredInputs } = core();
import {
  formatPath,
  leafChanges,
  parsePath,
  valueAtPath,
  withValueAtPath,
  type LeafChange,
} from "./property-paths";

const Kind = PropertyDiff.Kind;

const KINDS: Record<LeafChange, [PropertyDiff.Kind, PropertyDiff.Kind]> = {
  add: [Kind.ADD, Kind.ADD_REPLACE],
  delete: [Kind.DELETE, Kind.DELETE_REPLACE],
  update: [Kind.UPDATE, Kind.UPDATE_REPLACE],
};

/**
 * The diff the engine asked for (and the update's olds): the old outputs with the old inputs over them
 * (an output the API holds otherwise than the program declared it is no change; outputs an import's
 * Read made, shaped as the program declares them: `imported-state.ts`), the new inputs with the old
 * inputs' values at each `ignoreChanges` path.
 */
export function diffRequestProps(
  spec: AnySpec,
  oldOutputs: Props,
  oldInputs: Props,
  news: Props,
  ignoreChanges: readonly string[],
): { olds: Props; news: Props } {
  let kept: unknown = news;
  for (const text of ignoreChanges) {
    const path = parsePath(text);
    if (path) kept = withValueAtPath(kept, path, valueAtPath(oldInputs, path));
  }
  const olds = comparedState(spec, withStoredInputs(spec, oldOutputs, oldInputs), kept as Props);
  return { olds, news: kept as Props };
}

/** `olds` are the old outputs with the old inputs over them (`diffRequestProps`); `result` the
 * provider's diff, with the inputs it found changed. */
export function diffResponse(spec: AnySpec, olds: Props, news: Props, result: CoreDiffResult): DiffResponse {
  const response = new DiffResponse();
  const replaces = result.replaces ?? [];
  const named = [...new Set([...result.changed, ...replaces])];
  const declared = storedInputs(spec, olds) ?? olds;
  response.setChanges(
    result.changes === false ? DiffResponse.DiffChanges.DIFF_NONE : DiffResponse.DiffChanges.DIFF_SOME,
  );
  response.setReplacesList(replaces);
  response.setDeletebeforereplace(result.deleteBeforeReplace === true);
  response.setDiffsList(result.changes === false ? [] : named);
  response.setStablesList(spec.replaceOn.filter((key) => !named.includes(key)));
  response.setHasdetaileddiff(true);
  if (result.changes !== false) {
    const details = response.getDetaileddiffMap();
    for (const key of named) {
      const replacing = replaces.includes(key) ? 1 : 0;
      const leaves = leafChanges([key], declared[key], news[key]);
      // A change only the spec's defaults show (a value left out against the stored one) is the input's.
      for (const [path, change] of leaves.length > 0 ? leaves : [[[key], "update"] as const]) {
        const diff = new PropertyDiff();
        diff.setKind(KINDS[change][replacing]);
        diff.setInputdiff(true);
        details.set(formatPath(path), diff);
      }
    }
  }
  return response;
}
