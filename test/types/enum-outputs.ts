/**
 * A type test (checked by `npm run lint`, which type-checks test/): each output a spec's `toOutputs`
 * gives as a contract enum (a union of string literals: `Image.status`) is declared by its class
 * with exactly those values (`pulumi.Output<ImageStatus>`), which the package schema, the SDKs and
 * the pages read. A class that declares such an output `string`, or other values, fails the check
 * below naming `Class.output`.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { OutputsOf } from "../../src/provider/core/resource-spec";
import type { Pairs } from "./args-match-inputs";

type Declared<C> = C extends abstract new (...args: never[]) => infer R ? R : never;
type Inner<O> = O extends pulumi.OutputInstance<infer U> ? U : never;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;
/** A union of two or more string literals. */
type IsEnum<T> = [T] extends [string]
  ? string extends T
    ? false
    : [T] extends [UnionToIntersection<T>]
      ? false
      : true
  : false;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

type Differing<N extends string, C, O> = {
  [K in keyof O & string]: IsEnum<NonNullable<O[K]>> extends true
    ? K extends keyof Declared<C>
      ? Same<NonNullable<Inner<Declared<C>[K]>>, NonNullable<O[K]>> extends true
        ? never
        : `${N}.${K}`
      : `${N}.${K}`
    : never;
}[keyof O & string];

/** `Class.output` of each enum output its class declares otherwise: none. */
type EnumOutputsDeclaredOtherwise = {
  [N in keyof Pairs]: Differing<N, Pairs[N][0], OutputsOf<Pairs[N][1]>>;
}[keyof Pairs];

export const enumOutputsAsDeclared: [EnumOutputsDeclaredOtherwise] extends [never]
  ? true
  : EnumOutputsDeclaredOtherwise = true;
