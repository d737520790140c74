/**
 * Every kind's reference example (one source, four languages: model.ts), by kind: the kind's is
 * `./<stem>.ts`'s export named after it in camelCase (`InstanceDisk`: `instanceDisk` of
 * `./instance-disk.ts`), one for each kind of the registry, in its order.
 */
import { KIND_NAMES } from "../../provider/kind-registry";
import { stemOf } from "../stem";
import type { Example } from "./model";

function exampleFile(kind: string): Example {
  const file = `./${stemOf(kind)}`;
  const name = kind.charAt(0).toLowerCase() + kind.slice(1);
  const example = (require(file) as Record<string, Example | undefined>)[name];
  if (example?.kind !== kind)
    throw new Error(`src/schema/examples/${file.slice(2)}.ts exports no example ${name} of ${kind}`);
  return example;
}

export const EXAMPLES: Example[] = KIND_NAMES.map(exampleFile);

export const exampleOfKind = (kind: string): Example | undefined => EXAMPLES.find((e) => e.kind === kind);
