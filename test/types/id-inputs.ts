/**
 * A type test (checked by `npm run lint`, which type-checks test/): every ID-valued input of every
 * resource class takes what a resource's `id` gives, an `Output<string>`. The classes are found from
 * the package's exports, so a new class is covered without being listed here; an input ending in `Id`
 * that does not take an `Output<string>` fails the check below naming `Class.input`.
 */
import type * as pulumi from "@pulumi/pulumi";
import * as compute from "pulumi-compute";

type Exports = typeof compute;
type ResourceClassName = {
  [K in keyof Exports]: Exports[K] extends abstract new (...args: never[]) => pulumi.CustomResource
    ? K
    : never;
}[keyof Exports];
type ArgsOf<C> = C extends abstract new (name: string, args: infer A, ...rest: never[]) => unknown
  ? A
  : never;
type IdInputs<A> = Extract<keyof A, `${string}Id`>;
type Rejecting<C extends string, A> = {
  [K in IdInputs<A>]-?: pulumi.Output<string> extends NonNullable<A[K]> ? never : `${C}.${K & string}`;
}[IdInputs<A>];

/** `Class.input` of each ID-valued input that does not take an `Output<string>`: none. */
type IdInputsRejectingAnId = {
  [C in ResourceClassName]: Rejecting<C, ArgsOf<Exports[C]>>;
}[ResourceClassName];
export const noIdInputRejectsAnId: [IdInputsRejectingAnId] extends [never] ? true : IdInputsRejectingAnId =
  true;

/** At least the classes with ID inputs are seen (the check above would pass vacuously otherwise). */
type Seen = Extract<ResourceClassName, "Subnet" | "InstanceDisk" | "ConfigInterface" | "Snapshot" | "Image">;
export const classesSeen: [
  Exclude<"Subnet" | "InstanceDisk" | "ConfigInterface" | "Snapshot" | "Image", Seen>,
] extends [never]
  ? true
  : false = true;

/** IDs that sit in lists and maps rather than in an `...Id` input. */
export function idsInListsAndMaps(
  server: compute.Instance,
  disk: compute.InstanceDisk,
  subnet: compute.Subnet,
) {
  const config: compute.InstanceConfigArgs = {
    computeId: server.id,
    label: "boot",
    devices: { sda: disk.id },
    interfaces: [{ purpose: "vpc", subnetId: subnet.id }],
  };
  const tag: compute.TagArgs = { label: "prod", instances: [server.id] };
  const instance: compute.InstanceArgs = {
    region: "us-iad",
    type: "g6-standard-1",
    interfaces: [{ purpose: "vpc", subnetId: subnet.id, primary: true }],
  };
  return { config, tag, instance };
}
