/**
 * A type test (checked by `npm run lint`, which type-checks test/): each data function's TypeScript
 * types (its `...Args` and `...Result` interfaces, the public types a program compiles against) are
 * the ones its declaration in `src/functions/schemas/` gives (the contract's fields: int or real,
 * enum values, `| null`, `?`, nested shapes; IDs). A result's field has exactly the declared type; an
 * argument takes what the declaration takes and holds what it gives (an ID argument: a number, or a
 * resource's `id` string). A field declared on one side only, or with another type, fails the check
 * below naming `getX().field` or `getX(args).field`.
 */
import type { z } from "zod";
import type * as functions from "../../src/functions";
import type { FUNCTION_SCHEMAS, FunctionName } from "../../src/functions/schemas";

type Schemas = typeof FUNCTION_SCHEMAS;
type Fn<N extends FunctionName> = (typeof functions)[N];

type ResultOf<N extends FunctionName> = Awaited<ReturnType<Fn<N>>>;
/** A function's arguments; `never` for one that takes its options alone. */
type ArgsOf<N extends FunctionName> = 2 extends Parameters<Fn<N>>["length"]
  ? NonNullable<Parameters<Fn<N>>[0]>
  : never;

type DeclaredResult<N extends FunctionName> = z.output<Schemas[N]["result"]>;
type DeclaredArgs<N extends FunctionName> = Schemas[N] extends { args: z.ZodObject }
  ? Schemas[N]["args"]
  : never;

/** Mutually assignable, at every depth. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Whether the key is optional (`?`) in T. */
type IsOptional<T, K extends keyof T> = object extends Pick<T, K> ? true : false;

type ResultDiffers<N extends FunctionName, R = ResultOf<N>, D = DeclaredResult<N>> =
  | {
      [K in keyof D & string]: K extends keyof R
        ? Same<R[K], D[K]> extends true
          ? Same<IsOptional<R, K>, IsOptional<D, K>> extends true
            ? never
            : `${N}().${K}: optional on one side only`
          : `${N}().${K}: the interface declares another type than the schema`
        : `${N}().${K}: declared in the schema, not in the interface`;
    }[keyof D & string]
  | `${N}().${Exclude<keyof R & string, keyof D>}: in the interface, not declared in the schema`;

type ArgsDiffer<N extends FunctionName, A = ArgsOf<N>, S = DeclaredArgs<N>> = [A] extends [never]
  ? [S] extends [never]
    ? never
    : `${N}(args): declared in the schema, but the function takes no arguments`
  : [S] extends [z.ZodObject]
    ? ArgsFieldsDiffer<N, A, z.input<S>, z.output<S>>
    : `${N}(args): the function takes arguments the schema does not declare`;

type ArgsFieldsDiffer<N extends string, A, In, Out> =
  | {
      [K in keyof In & keyof Out & string]: K extends keyof A
        ? [A[K]] extends [In[K]]
          ? [Out[K]] extends [A[K]]
            ? Same<IsOptional<A, K>, IsOptional<Out, K>> extends true
              ? never
              : `${N}(args).${K}: optional on one side only`
            : `${N}(args).${K}: the schema gives a value the interface does not take`
          : `${N}(args).${K}: the interface takes a value the schema does not`
        : `${N}(args).${K}: declared in the schema, not in the interface`;
    }[keyof In & keyof Out & string]
  | `${N}(args).${Exclude<keyof A & string, keyof Out>}: in the interface, not declared in the schema`;

/** `getX().field` or `getX(args).field` of each field whose interface and declaration differ: none. */
type FunctionsDeclaredOtherwise = { [N in FunctionName]: ResultDiffers<N> | ArgsDiffer<N> }[FunctionName];

/** None: each differing field would be a property this object lacks, which the compiler names. */
export const functionsAsDeclared: { [K in FunctionsDeclaredOtherwise]: true } = {};
