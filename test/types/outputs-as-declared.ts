/**
 * A type test (checked by `npm run lint`, which type-checks test/): every output each resource class
 * declares (`declare readonly x: pulumi.Output<T>`, as a program's `apply` sees it) has the type its
 * spec declares for it, and each of the spec's outputs is declared by the class. A computed output's
 * type is the one its spec's `outputs` gives (the contract's fields: enum values, `| null`, `?`,
 * nested shapes; `defineSpec` holds `toOutputs` to it), and the class declares exactly that. An
 * echoed input's type is the one `toOutputs` gives (the input's, where it echoes the untyped props),
 * and the class declares a type that holds it: whether it is present follows the program and the
 * spec's `defaults`, which types do not say, and an object the program also gives keeps string
 * enums (docs/ARCHITECTURE.md). A class that declares `string` where the spec says `ImageStatus`,
 * `number` where it says `number | null`, or an output the spec does not produce, fails the check
 * below naming `Class.output`.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { OutputsOf } from "../../src/provider/core/resource-spec";
import type { Pairs } from "./args-match-inputs";

type Declared<C> = C extends abstract new (...args: never[]) => infer R ? R : never;
type Inner<O> = O extends pulumi.OutputInstance<infer U> ? U : never;

/** A type as a program's `apply` sees it: `pulumi.Input`s in it are their values. */
type Plain<T> = unknown extends T
  ? T
  : T extends pulumi.OutputInstance<infer U> | Promise<infer U>
    ? Plain<U>
    : T extends readonly (infer E)[]
      ? Plain<E>[]
      : T extends object
        ? { [K in keyof T]: Plain<T[K]> }
        : T;

/** The outputs a class declares (its `pulumi.Output` members but the engine's own `id` and `urn`). */
type ClassOutputs<C> = {
  [
    K in Exclude<keyof Declared<C>, "id" | "urn"> as Declared<C>[K] extends pulumi.OutputInstance<unknown>
      ? K
      : never
  ]: Plain<Inner<Declared<C>[K]>>;
};

type Shape<S> = S extends { outputs: z.ZodObject<infer Sh> } ? Sh : never;
type InputShape<S> = S extends { inputs: z.ZodObject<infer Sh> } ? Sh : never;
type Computed<S> = S extends { computed: readonly (infer K)[] } ? K : never;

/** What `toOutputs` gives for an echoed input: as typed, or, taken from the untyped props, the input's type. */
type Echoed<S, K extends keyof OutputsOf<S>> = unknown extends OutputsOf<S>[K]
  ? K extends keyof InputShape<S>
    ? z.output<InputShape<S>[K]>
    : unknown
  : OutputsOf<S>[K];

/** The outputs a spec declares: its `outputs` for the computed ones, `toOutputs` (or the input) for the echoed inputs. */
type SpecOutputs<S> = {
  [K in keyof OutputsOf<S>]: K extends Computed<S> & keyof Shape<S> ? z.output<Shape<S>[K]> : Echoed<S, K>;
};

/** Mutually assignable, at every depth. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Every value `given` may hold is one `declared` allows, whether or not present. */
type Fits<Given, Declared> = [Exclude<Given, undefined>] extends [Exclude<Declared, undefined>]
  ? true
  : false;

type Differing<N extends string, C, S> =
  | {
      [K in keyof SpecOutputs<S> & string]: K extends keyof ClassOutputs<C>
        ? (
            K extends Computed<S>
              ? Same<ClassOutputs<C>[K], SpecOutputs<S>[K]>
              : Fits<SpecOutputs<S>[K], ClassOutputs<C>[K]>
          ) extends true
          ? never
          : `${N}.${K}: the class declares another type than its spec`
        : `${N}.${K}: not declared by the class`;
    }[keyof SpecOutputs<S> & string]
  | `${N}.${Exclude<keyof ClassOutputs<C> & string, keyof SpecOutputs<S>>}: not an output of its spec`;

/** `Class.output` of each output whose class and spec differ: none. */
type OutputsDeclaredOtherwise = {
  [N in keyof Pairs]: Differing<N, Pairs[N][0], Pairs[N][1]>;
}[keyof Pairs];

/** None: each differing output would be a property this object lacks, which the compiler names. */
export const outputsAsDeclared: { [K in OutputsDeclaredOtherwise]: true } = {};
