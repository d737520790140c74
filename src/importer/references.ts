/**
 * IDs of other objects in a declared resource's inputs become references to those resources
 * (`vpcId: legacyNet.id`) when the program declares them; otherwise the ID stays as it is.
 */
import type { Props } from "../provider/core/resource-spec";
import type { ImportKind } from "./kinds";
import { Ref } from "./literal";

/** Where each kind's inputs hold IDs, by path (`[]`: every item of a list, `*`: every key), and of what. */
const ID_FIELDS: Partial<Record<ImportKind, [path: string, target: ImportKind][]>> = {
  Subnet: [["vpcId", "Vpc"]],
  Instance: [["interfaces.[].subnetId", "Subnet"]],
  InstanceDisk: [["computeId", "Instance"]],
  InstanceConfig: [
    ["computeId", "Instance"],
    ["devices.*", "InstanceDisk"],
  ],
  ConfigInterface: [
    ["computeId", "Instance"],
    ["configId", "InstanceConfig"],
    ["subnetId", "Subnet"],
  ],
  Tag: [["instances.[]", "Instance"]],
};

function replaceAt(value: unknown, path: string[], swap: (id: unknown) => unknown): unknown {
  const [step, ...rest] = path;
  if (step === undefined) return swap(value);
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return step === "[]" ? value.map((item) => replaceAt(item, rest, swap)) : value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      step === "*" || step === key ? replaceAt(v, rest, swap) : v,
    ]),
  );
}

/** `variableOf(kind, id)`: the variable of the declared resource, if the program declares it; `idAs`:
 * an ID the program does not declare, as written (the plugin's schema types IDs as strings). */
export function withReferences(
  kind: ImportKind,
  inputs: Props,
  variableOf: (kind: ImportKind, id: string) => string | undefined,
  idAs: (id: unknown) => unknown = (id) => id,
): Props {
  let result: unknown = inputs;
  for (const [path, target] of ID_FIELDS[kind] ?? []) {
    result = replaceAt(result, path.split("."), (id) => {
      const variable = variableOf(target, String(id));
      return variable === undefined ? idAs(id) : new Ref(variable);
    });
  }
  return result as Props;
}
