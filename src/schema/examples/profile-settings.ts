import type { Example } from "./model";

export const profileSettings: Example = {
  kind: "ProfileSettings",
  resources: [
    {
      name: "me",
      kind: "ProfileSettings",
      inputs: { timezone: "Europe/Paris", lishAuthMethod: "keys_only" },
    },
  ],
};
