/**
 * A type test (checked by `npm run lint`, which type-checks test/): each resource class takes the
 * arguments its provider's inputs schema declares, by name, no more and no fewer. A field added to a
 * spec's inputs and forgotten in the class (or the other way round) fails the check below naming
 * `Class: field` and which side lacks it. So does one missing from, or left over in, the kind's list
 * of inputs that its class's `get` registers (`KIND_INPUTS` in `src/provider/field-lists.ts`).
 */
import type * as compute from "pulumi-compute";
import type { ResourceSpec } from "../../src/provider/core/resource-spec";
import type { KIND_INPUTS } from "../../src/provider/field-lists";
import type { KindName, SpecOfKind } from "../../src/provider/kind-registry";

/** Each kind's class with its provider's spec: a kind of the registry whose class the package does
 * not export fails to compile here. */
export type Pairs = { [K in KindName]: [(typeof compute)[K], SpecOfKind<K>] };

type ArgsOf<C> = C extends abstract new (name: string, args: infer A, ...rest: never[]) => unknown
  ? A
  : never;
/** (An optional `args`, as `ProfileSettings` takes, is `Args | undefined`.) */
type ArgKeys<C> = keyof NonNullable<ArgsOf<C>> & string;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type InputKeys<S> = S extends ResourceSpec<infer I, any, any> ? keyof I & string : never;

type Mismatches = {
  [N in keyof Pairs]:
    | `${N}: ${Exclude<ArgKeys<Pairs[N][0]>, InputKeys<Pairs[N][1]>>} is an argument the provider does not take`
    | `${N}: ${Exclude<InputKeys<Pairs[N][1]>, ArgKeys<Pairs[N][0]>>} is an input the class does not take`;
}[keyof Pairs];

/** The inputs `KIND_INPUTS` lists for a kind. */
type Listed<N> = N extends keyof typeof KIND_INPUTS ? (typeof KIND_INPUTS)[N][number] : never;

type ListMismatches =
  | {
      [N in keyof Pairs]:
        | `${N}: ${Exclude<Listed<N>, InputKeys<Pairs[N][1]>>} is in KIND_INPUTS but no input of the provider`
        | `${N}: ${Exclude<InputKeys<Pairs[N][1]>, Listed<N>>} is an input KIND_INPUTS does not list`;
    }[keyof Pairs]
  | `${Exclude<KindName, keyof typeof KIND_INPUTS>}: a kind KIND_INPUTS does not hold`;

/** Every class covered: a class exported without a pair here fails the check below by name. The
 * explicit provider (`compute.Provider`) takes the settings, not a spec's inputs. */
type Classes = {
  [K in keyof typeof compute]: (typeof compute)[K] extends abstract new (
    ...args: never[]
  ) => import("@pulumi/pulumi").ProviderResource
    ? never
    : (typeof compute)[K] extends abstract new (...args: never[]) => import("@pulumi/pulumi").CustomResource
      ? K
      : never;
}[keyof typeof compute];
type Unpaired = Exclude<Classes, keyof Pairs>;

export const argsMatchInputs: [Mismatches | Unpaired | ListMismatches] extends [never]
  ? true
  : Mismatches | Unpaired | ListMismatches = true;
