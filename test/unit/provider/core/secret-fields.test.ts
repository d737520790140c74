/**
 * A kind's secret fields are declared once, in `field-lists.ts` (the classes read the lists there),
 * and its spec names that same list (`secrets` or `secretOutputs`): every `*_SECRETS` list is a spec's,
 * and `secretOutputs` reads the spec alone.
 */
import * as lists from "../../../../src/provider/field-lists";
import { secretOutputs } from "../../../../src/provider/core/secret-fields";
import { SPECS } from "../../../../src/provider/specs";

it("every secret list of field-lists.ts is the one a spec declares", () => {
  const declared = new Set<unknown>(SPECS.flatMap((spec) => [spec.secrets, spec.secretOutputs]));
  const unclaimed = Object.entries(lists)
    .filter(([name]) => name.endsWith("_SECRETS"))
    .filter(([, list]) => !declared.has(list))
    .map(([name]) => name);
  expect(unclaimed).toEqual([]);
});

it("reads a kind's secret inputs and secret outputs from its spec", () => {
  const byKind = Object.fromEntries(SPECS.map((spec) => [spec.kind, secretOutputs(spec)]));
  expect(byKind.Token).toEqual(["token"]);
  expect(byKind.Instance).toEqual(expect.arrayContaining(["rootPass", "metadata"]));
  expect(byKind.Vpc).toEqual([]);
});
