/**
 * What one resource kind tells the generic provider: its inputs (a zod object of per-field
 * schemas, validated field by field so unknown values pass preview), the outputs the API computes,
 * which inputs force a replacement, how to call the API, how to find what a create made when its
 * answer was lost, what to wait for after create and update, and how an API record becomes the
 * resource's outputs. Written once per kind with `defineSpec`.
 */
import type { z } from "zod";
import type { ComputeClient, Listing, RecentListingOptions, WaitOptions } from "../../client";
import type { CheckFailure } from "./check";
import type { CoreOutputs, Pending } from "./pending";
import type { Props } from "./props";
import type { ResourceContext } from "./resource-context";

export type { Props };

/** Stored outputs as a spec reads them: its own and the core's (`pending`). */
export type Stored<Outputs extends Props> = Outputs & CoreOutputs;

/** What a spec's methods get besides the client: the operation's wait settings and a log. */
export interface OperationContext {
  /** Pass to the client's waiters: the operation's deadline and progress reports. */
  wait: WaitOptions;
  /** A line the user sees during `pulumi up` (never a secret). */
  log(line: string): void;
  /** A create's entry in the journal of creates in flight (`create-journal.ts`), if it has one. */
  journal?: string;
  /** The resource this operation serves: its identity, import ID, program directory. */
  resource: ResourceContext;
  /** A create's mark (`stack-marks.ts`), which its POST writes on the object, if it makes one. */
  mark?: string;
}

/**
 * `Outputs` are what `toOutputs` returns (`defineSpec` infers them), as Pulumi's own
 * `ResourceProvider<Inputs, Outputs>` types them: the methods that get the stored state (`read`,
 * `update`'s `olds`, `delete`, `replaces`) read its fields without a cast. State an older
 * version wrote may lack a field added since: the type says what this version writes.
 */
export interface ResourceSpec<Inputs extends Props = Props, Rec = unknown, Outputs extends Props = Props> {
  /** The resource's type name, e.g. `Vpc`: the type token `compute:Vpc`, messages, the registry. */
  kind: string;
  inputs: z.ZodObject;
  /** Outputs the API computes (beyond the inputs); the resource class declares them. */
  computed: readonly string[];
  /**
   * The computed outputs' types, declared once with the contract's fields (`Image.shape.size`: an
   * integer; an enum; `.nullable()`; a nested object): what `toOutputs` gives for them (`defineSpec`
   * holds it), and what the package schema, the SDKs and the pages type them from. An output that
   * holds another object's ID is an `idOutput()`: a string in the package schema and to the engine, as
   * ID inputs are (`contract/fields.ts`). The class declares the same types (`test/types/outputs-as-declared.ts`).
   */
  outputs: z.ZodObject;
  /**
   * Computed outputs an update leaves as they were unless one of the inputs listed changes (none
   * listed: whatever changes), which the preview of an update shows as they are; every other
   * computed output is unknown there, for the API sets it anew (`preview-outputs.ts`). `created` is
   * always kept.
   */
  keptByUpdate?: Readonly<Record<string, readonly (keyof Inputs & string)[]>>;
  /** Values used for optional inputs the program leaves out (what the API stores for them). */
  defaults?: Partial<Inputs>;
  /**
   * Optional inputs the API chooses when the program leaves them out (e.g. a default label): while
   * the program leaves one out, whatever the API holds is not a change.
   */
  apiChosen?: (keyof Inputs & string)[];
  /**
   * The values of `apiChosen` inputs that an imported object's program leaves out although the API
   * reads them back: left out, they mean "not managed here", and declaring them would say more
   * (`imported-inputs.ts`). `inputs`: all the object's inputs as read.
   */
  leftOutOfImports?(key: keyof Inputs & string, value: unknown, inputs: Props): boolean;
  /**
   * Inputs no object of the API holds, that say how the provider acts on it (`allowReboot`,
   * `rebootOnChange`) or what part of it this resource manages (a Tag's `instances`), and that
   * `toOutputs` therefore takes from the inputs: an import's Read, which has none, holds their
   * defaults, so the state an imported resource is compared with takes the program's value
   * (`imported-state.ts`). What the program says of them is checked by a refresh, not by the import.
   */
  programOnly?: readonly (keyof Inputs & string)[];
  /** Secret inputs (the resource class marks them secret): a failing check never shows their value. */
  secrets?: readonly (keyof Inputs & string)[];
  /** Outputs the API computes that are secret (a token's value): the class marks them secret too. */
  secretOutputs?: readonly string[];
  /**
   * Outputs that hold an input's value under another name, each with the input's dotted path
   * (`vpcAddress: "ipv4.vpc"`): secret wherever the program marks that input secret.
   */
  carries?: Readonly<Record<string, string>>;
  /**
   * Rules across inputs, checked at preview once every field is valid and known. `olds` are the
   * inputs in the state (empty for a new resource), for rules that hold only for new values (an
   * expiry in the past); a rule may look something up in the API. `resource` is the resource's
   * context (its import ID, its identity among its siblings, the program's directory).
   */
  validate?(inputs: Inputs, olds: Props, resource: ResourceContext): CheckFailure[] | Promise<CheckFailure[]>;
  /**
   * Rules that read the API (catalogues, the parent's live children; `lookups.ts`), checked at
   * preview once every field is valid, whether or not all are known: each rule runs when the values
   * it needs are known and new. `declared` are the inputs as the program gave them, with what its
   * class adds for the provider (e.g. `parentKey`, `siblings.ts`).
   */
  lookups?(inputs: Inputs, olds: Props, declared: Props, resource: ResourceContext): Promise<CheckFailure[]>;
  /**
   * Told each ID this provider process works on, with the inputs declared for it (diff, create,
   * update), for rules across the resources of one program that `validate` then checks (a config
   * that declares its interfaces inline, and a ConfigInterface on it).
   */
  observe?(id: string, inputs: Inputs, resource: ResourceContext): void;
  /** Inputs that cannot change in place. */
  replaceOn: (keyof Inputs & string)[];
  /**
   * Inputs whose change replaces in one direction only (a value the API can add but not take
   * away), from the stored outputs and the new inputs, whose values may be unknown at preview.
   * Counted for changed inputs only, in addition to `replaceOn`.
   */
  replaces?(olds: Stored<Outputs>, news: Inputs): (keyof Inputs & string)[];
  /** Whether a replacement must delete the old resource first (e.g. a unique label is kept). */
  deleteBeforeReplace?(olds: Stored<Outputs>, news: Inputs): boolean;
  create(client: ComputeClient, inputs: Inputs, ctx: OperationContext): Promise<Rec>;
  /**
   * The create's answer holds what no read gives back (a token's value): an object whose answer the
   * engine never recorded cannot be adopted by its ID, and the create cleans it up itself.
   */
  answerOnlyOnce?: boolean;
  /**
   * The object that holds the inputs' unique label, if any. Looked up at check and before a
   * create's first POST (an object found then is not this stack's: an error naming it), and when
   * the create's outcome is unknown (its answer was lost): found then, it is what the create made
   * and is adopted (see `label-claims.ts`).
   */
  find?(client: ComputeClient, inputs: Inputs): Promise<Rec | undefined>;
  /**
   * A listing of every object of the kind in the inputs' scope (`uniqueWithin`: the account, a VPC),
   * taken as `client.recentListing` takes it: what several checks of new resources read their labels
   * from, in one listing instead of one lookup each (`label-claims.ts`).
   */
  listLabelled?(
    client: ComputeClient,
    inputs: Inputs,
    options: RecentListingOptions,
  ): Promise<Listing<Rec> | undefined>;
  /**
   * Where a create's POST writes the stack's mark for the resource (`stack-marks.ts`; the mark is
   * `ctx.mark`), so that an interrupted create's object is proven this resource's on any machine:
   * the label claim (`label-claims.ts`, `create-or-adopt.ts`) and the listing (`create-by-listing.ts`)
   * adopt an object that carries it, and nothing else without this machine's journal.
   */
  marked?: {
    /** Whether the POST of these inputs has room for the mark (a field's length limit); omitted: always. */
    room?(inputs: Inputs, mark: string): boolean;
    /**
     * A kind whose label carries the mark (`labelMarked`): the inputs as its POST sends them, which
     * `find` looks up, where the declared label's lookup proves nothing of an earlier create.
     */
    asPosted?(inputs: Inputs, mark: string): Inputs;
    carries(record: Rec, mark: string): boolean;
    /** The record as the outputs show it: without the mark. */
    without(record: Rec, mark: string): Rec;
    /** Once the create has returned: takes the mark off the object; the record without it. */
    takeOff(
      client: ComputeClient,
      record: Rec,
      inputs: Inputs,
      mark: string,
      ctx: OperationContext,
    ): Promise<Rec>;
  };
  /** Fields whose 400 "must be unique" clash means the object may already exist (see `find`). */
  uniqueFields?: string[];
  /** Inputs naming the parents an ID is read under (a subnet's `vpcId`), for messages. */
  parents?: (keyof Inputs & string)[];
  /** Inputs naming the parent the label is unique in (a subnet's `vpcId`); none: the account. */
  uniqueWithin?: (keyof Inputs & string)[];
  /** Inputs naming the scope one `listLabelled` listing covers, when wider than `uniqueWithin`
   * (subnets: the account, whose VPCs' listing carries every VPC's subnets). */
  listedWithin?: (keyof Inputs & string)[];
  /**
   * Waits and follow-up calls after create and update. Runs inside the step that keeps the ID: if
   * it fails, the resource stays in the state and the next `up` runs update (and settle) again.
   */
  settle?(client: ComputeClient, record: Rec, inputs: Inputs, ctx: OperationContext): Promise<Rec>;
  /**
   * The statuses (output `status`) the object rests in. In any other (a wait that failed: still
   * provisioning), diff reports a change so that the next `up` runs update and settle again: the
   * engine forgets a failed wait once a refresh has read the object.
   */
  atRest?: readonly string[];
  /**
   * Work the record shows still to do after a failed settle (`pending.ts`): the core keeps it in
   * the output `__pending`, and the next `up` runs update (whose `pendingIn(olds)` says it) and settle.
   */
  pending?(record: Rec, props: Props): Pending | undefined;
  /** `props` are the stored outputs (refresh) or, for an object a create made, the inputs. */
  read(client: ComputeClient, id: string, props: Stored<Outputs> | Inputs): Promise<Rec>;
  /**
   * The record of `id` in a listing the process shares (`client.listed`, `listing-reads.ts`), so that
   * the refresh, import and diff reads of a kind cost one list request, not one GET each. Undefined
   * when the listing failed or does not hold it: `read` then reads it by ID (a 404 confirms that it
   * is gone).
   */
  readListed?(client: ComputeClient, id: string, props: Stored<Outputs> | Inputs): Promise<Rec | undefined>;
  update(
    client: ComputeClient,
    id: string,
    olds: Stored<Outputs>,
    news: Inputs,
    ctx: OperationContext,
  ): Promise<Rec>;
  delete(client: ComputeClient, id: string, props: Stored<Outputs>, ctx: OperationContext): Promise<void>;
  idOf(record: Rec): string;
  /** Outputs: every input as the API holds it, plus the computed fields. `props` are the inputs (or
   * prior outputs) for addressing data the record does not carry, such as a parent's ID. */
  toOutputs(record: Rec, props: Props): Outputs;
}

/** Any kind's spec, as the registry and the generic provider hold it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySpec = ResourceSpec<any, any, any>;

/**
 * The computed outputs whose `toOutputs` value is not what `outputs` declares, or that `outputs`
 * declares and `computed` does not list (or the other way round): none.
 */
type Undeclared<Computed extends string, O extends z.ZodObject, Outputs> = string extends Computed
  ? never
  : | {
        [K in keyof O["shape"] & string]: K extends keyof Outputs
          ? Outputs[K] extends z.output<O["shape"][K]>
            ? never
            : `${K}: toOutputs gives another type than outputs declares`
          : `${K}: declared in outputs, not given by toOutputs`;
      }[keyof O["shape"] & string]
    | `${Exclude<Computed, keyof O["shape"]>}: computed, not declared in outputs`
    | `${Exclude<keyof O["shape"] & string, Computed>}: declared in outputs, not computed`;

/** A spec as `defineSpec` declares it: its inputs', computed outputs' and declared outputs' own types. */
export type DefinedSpec<
  S extends z.ZodObject,
  Rec,
  Outputs extends Props,
  Computed,
  O extends z.ZodObject,
> = Omit<ResourceSpec<z.infer<S>, Rec, Outputs>, "inputs" | "computed" | "outputs"> & {
  inputs: S;
  computed: Computed;
  outputs: O;
};

/**
 * Declares a resource kind; the inputs' type comes from the zod schema, the outputs' from `toOutputs`,
 * whose computed outputs must have the types `outputs` declares (a difference fails to compile, naming it).
 */
export function defineSpec<
  S extends z.ZodObject,
  Rec,
  Outputs extends Props,
  const Computed extends readonly string[],
  O extends z.ZodObject,
>(
  spec: DefinedSpec<S, Rec, Outputs, Computed, O> &
    ([Undeclared<Computed[number], O, Outputs>] extends [never]
      ? unknown
      : { outputsDifferFromDeclared: Undeclared<Computed[number], O, Outputs> }),
): DefinedSpec<S, Rec, Outputs, Computed, O> {
  return spec;
}

/** The outputs a spec's `toOutputs` gives. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OutputsOf<S> = S extends ResourceSpec<any, any, infer O> ? O : never;

/** `{created: undefined, ...}`: the placeholders a resource class passes for its computed outputs. */
export function placeholders(names: readonly string[]): Record<string, undefined> {
  return Object.fromEntries(names.map((name) => [name, undefined]));
}
