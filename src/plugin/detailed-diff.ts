/**
 * The engine's DiffResponse from the provider's diff: besides what changes and what replaces, the
 * detailed diff (each changed input as an add, update or delete, replacing or in place), so that
 * `preview --diff` and `--json` say which input replaces, and the stables (inputs left as they are).
 */
import { DiffResponse, PropertyDiff } from "@pulumi/pulumi/proto/provider_pb";
import type * as pulumi from "@pulumi/pulumi";
import { storedInputs } from "../provider/core/declared";
import { diffInputs } from "../provider/core/diff";
import type { AnySpec, Props } from "../provider/core/resource-spec";

const Kind = PropertyDiff.Kind;

function kindOf(before: unknown, after: unknown, replaces: boolean): PropertyDiff.Kind {
  if (before === undefined) return replaces ? Kind.ADD_REPLACE : Kind.ADD;
  if (after === undefined) return replaces ? Kind.DELETE_REPLACE : Kind.DELETE;
  return replaces ? Kind.UPDATE_REPLACE : Kind.UPDATE;
}

export function diffResponse(
  spec: AnySpec,
  olds: Props,
  news: Props,
  result: pulumi.dynamic.DiffResult,
): DiffResponse {
  const response = new DiffResponse();
  const replaces = result.replaces ?? [];
  const { changed } = diffInputs(spec, olds, news);
  const named = [...new Set([...changed, ...replaces])];
  const declared = storedInputs(spec, olds) ?? olds;
  response.setChanges(
    result.changes === false ? DiffResponse.DiffChanges.DIFF_NONE : DiffResponse.DiffChanges.DIFF_SOME,
  );
  response.setReplacesList(replaces);
  response.setDeletebeforereplace(result.deleteBeforeReplace === true);
  response.setDiffsList(result.changes === false ? [] : named);
  response.setStablesList(Object.keys(spec.inputs.shape).filter((key) => !named.includes(key)));
  response.setHasdetaileddiff(true);
  if (result.changes !== false) {
    const details = response.getDetaileddiffMap();
    for (const key of named) {
      const diff = new PropertyDiff();
      diff.setKind(kindOf(declared[key], news[key], replaces.includes(key)));
      diff.setInputdiff(true);
      details.set(key, diff);
    }
  }
  return response;
}
