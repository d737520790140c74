/** ProfilePreferences: the preferences object of the token, shaped by the caller (the engine tests run it with changed shapes). */
import * as compute from "pulumi-compute";

export interface ProfilePreferencesShape {
  /** The resource's name in the program. */
  name: string;
  preferences: Record<string, unknown>;
}

export function profilePreferencesProgram(shape: ProfilePreferencesShape) {
  const { name, ...args } = shape;
  const preferences = new compute.ProfilePreferences(name, args);
  return { preferences };
}
