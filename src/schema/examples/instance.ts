import { ref, secretConfig, type Example } from "./model";

export const instance: Example = {
  kind: "Instance",
  resources: [
    {
      name: "web",
      kind: "Instance",
      inputs: {
        region: "us-iad",
        type: "g6-standard-1",
        label: "web-1",
        image: "compute/debian12",
        rootPass: secretConfig("rootPass"),
        tags: ["web"],
      },
    },
  ],
  exports: { webIps: ref("web", "ipv4") },
};
