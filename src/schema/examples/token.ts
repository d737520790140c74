import { ref, type Example } from "./model";

export const token: Example = {
  kind: "Token",
  resources: [
    {
      name: "ci",
      kind: "Token",
      inputs: { label: "ci", scopes: "computes:read_write vpc:read_only", expiry: "2030-01-01T00:00:00" },
    },
  ],
  // A secret: shown only with --show-secrets.
  exports: { ciToken: ref("ci", "token") },
};
