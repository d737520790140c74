/** Data functions of kernels: `getKernels` (filters) and `getKernel`. API area: kernels. */
import type * as pulumi from "@pulumi/pulumi";
import type { Kernel } from "../contract/kernels";
import { clientFor, endpoints, outputOf, run, type FunctionOptions, type InputArgs } from "./call";
import { byLabel, type LabelArgs } from "./labels";
import { collect } from "../client/pagination";

/** A kernel an instance configuration can boot. */
export interface KernelResult {
  /** Kernel ID, e.g. `compute/latest-64bit` or `compute/grub2`. */
  id: string;
  label: string;
  version: string;
  architecture: "x86_64" | "i386";
  /** When it was built (ISO 8601). */
  built: string;
  deprecated: boolean;
  /** Whether it runs on KVM. */
  kvm: boolean;
  /** Whether it is paravirtualized. */
  pvops: boolean;
}

export interface GetKernelsArgs extends LabelArgs {
  /** Only this exact version, e.g. `6.2.9`. */
  version?: string;
  architecture?: "x86_64" | "i386";
  deprecated?: boolean;
  kvm?: boolean;
  pvops?: boolean;
}

export interface GetKernelsResult {
  /** The matching kernels, in the API's order. */
  kernels: KernelResult[];
}

export interface GetKernelArgs {
  /** Kernel ID, e.g. `compute/grub2`. */
  id: string;
}

const toResult = (k: Kernel): KernelResult => ({
  id: k.id,
  label: k.label,
  version: k.version,
  architecture: k.architecture,
  built: k.built,
  deprecated: k.deprecated,
  kvm: k.kvm,
  pvops: k.pvops,
});

/** The kernels (public: no token needed); every filter but `labelRegex` is sent as `X-Filter`. */
export function getKernels(args: GetKernelsArgs = {}, opts?: FunctionOptions): Promise<GetKernelsResult> {
  return run({ fn: "getKernels", args, opts }, async () => {
    const { filter, keep } = byLabel(args, {
      version: args.version,
      architecture: args.architecture,
      deprecated: args.deprecated,
      kvm: args.kvm,
      pvops: args.pvops,
    });
    const all = await collect(clientFor(opts, "optional").each(endpoints().listKernels, { filter }));
    return { kernels: keep(all).map(toResult) };
  });
}

/** `getKernels` with Input arguments. */
export function getKernelsOutput(
  args: InputArgs<GetKernelsArgs> = {},
  opts?: FunctionOptions,
): pulumi.Output<GetKernelsResult> {
  return outputOf(getKernels, args, opts);
}

/** One kernel by ID; an unknown one fails with `kernel <id> not found`. */
export function getKernel(args: GetKernelArgs, opts?: FunctionOptions): Promise<KernelResult> {
  return run({ fn: "getKernel", args, opts, notFound: `kernel ${args.id}` }, async () =>
    toResult(await clientFor(opts, "optional").api.getKernel({ params: { kernelId: args.id } })),
  );
}

/** `getKernel` with Input arguments. */
export function getKernelOutput(
  args: InputArgs<GetKernelArgs>,
  opts?: FunctionOptions,
): pulumi.Output<KernelResult> {
  return outputOf(getKernel, args, opts);
}
