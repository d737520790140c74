import { ref, type Example } from "./model";

export const vpc: Example = {
  kind: "Vpc",
  resources: [
    { name: "net", kind: "Vpc", inputs: { region: "us-iad", label: "net", description: "production" } },
  ],
  exports: { vpcId: ref("net") },
};
