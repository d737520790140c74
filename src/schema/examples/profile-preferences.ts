import type { Example } from "./model";

export const profilePreferences: Example = {
  kind: "ProfilePreferences",
  resources: [
    {
      name: "prefs",
      kind: "ProfilePreferences",
      inputs: { preferences: { theme: "dark", sortKeys: { instances: "label" } } },
    },
  ],
};
