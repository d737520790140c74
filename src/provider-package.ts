/** Which package a provider resource serves, for the TypeScript classes and data functions that take one. */
import type * as pulumi from "@pulumi/pulumi";

/** A provider resource's package (`ProviderResource.getPackage`: public in the SDK's code, internal in its types). */
export function packageOf(provider: pulumi.ProviderResource): string | undefined {
  if (!("getPackage" in provider) || typeof provider.getPackage !== "function") return undefined;
  const pkg: unknown = Reflect.apply(provider.getPackage, provider, []);
  return typeof pkg === "string" ? pkg : undefined;
}
