/**
 * Loaded by package name (`pulumi-compute/provider-runtime`) inside the Pulumi provider process,
 * so the serialized provider stays a few lines long and `read`/`delete` of older state run the
 * code installed now. Holds the provider of every resource kind.
 */
import type * as pulumi from "@pulumi/pulumi";
import { configInterfaceSpec } from "./config-interface";
import { exitWhenEngineGone } from "./engine-watch";
import { quietHostEcho } from "./errors";
import { imageSpec } from "./image";
import { instanceSpec } from "./instance";
import { instanceConfigSpec } from "./instance-config";
import { instanceDiskSpec } from "./instance-disk";
import { makeProvider } from "./make-provider";
import { profilePreferencesSpec } from "./profile-preferences";
import { profileSettingsSpec } from "./profile-settings";
import { byKind } from "./resource-spec";
import { configure as configureSettings } from "./settings";
import { snapshotSpec } from "./snapshot";
import { sshKeySpec } from "./ssh-key";
import { stackScriptSpec } from "./stack-script";
import { subnetSpec } from "./subnet";
import { tagSpec } from "./tag";
import { tokenSpec } from "./token";
import { vpcSpec } from "./vpc";

const specOf = byKind([
  vpcSpec,
  subnetSpec,
  instanceSpec,
  instanceDiskSpec,
  instanceConfigSpec,
  configInterfaceSpec,
  sshKeySpec,
  tokenSpec,
  stackScriptSpec,
  tagSpec,
  profileSettingsSpec,
  profilePreferencesSpec,
  imageSpec,
  snapshotSpec,
]);

quietHostEcho();
exitWhenEngineGone();

const providers = new Map<string, pulumi.dynamic.ResourceProvider>();

export function provider(kind: string): pulumi.dynamic.ResourceProvider {
  let found = providers.get(kind);
  if (!found) {
    const spec = specOf(kind);
    if (!spec) throw new Error(`unknown resource kind ${kind}: is pulumi-compute older than the state?`);
    found = makeProvider(spec);
    providers.set(kind, found);
  }
  return found;
}

export function configure(req: pulumi.dynamic.ConfigureRequest): void {
  configureSettings(req.config);
}
