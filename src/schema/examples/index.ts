/** Every kind's reference example (one source, four languages: model.ts), by kind. */
import { configInterface } from "./config-interface";
import { image } from "./image";
import { instance } from "./instance";
import { instanceConfig } from "./instance-config";
import { instanceDisk } from "./instance-disk";
import type { Example } from "./model";
import { profilePreferences } from "./profile-preferences";
import { profileSettings } from "./profile-settings";
import { snapshot } from "./snapshot";
import { sshKey } from "./ssh-key";
import { stackScript } from "./stack-script";
import { subnet } from "./subnet";
import { tag } from "./tag";
import { token } from "./token";
import { vpc } from "./vpc";

export const EXAMPLES: Example[] = [
  vpc,
  subnet,
  instance,
  instanceDisk,
  instanceConfig,
  configInterface,
  image,
  snapshot,
  sshKey,
  stackScript,
  tag,
  token,
  profilePreferences,
  profileSettings,
];

export const exampleOfKind = (kind: string): Example | undefined => EXAMPLES.find((e) => e.kind === kind);
