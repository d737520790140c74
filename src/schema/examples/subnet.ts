import { ref, type Example } from "./model";

export const subnet: Example = {
  kind: "Subnet",
  resources: [
    { name: "net", kind: "Vpc", inputs: { region: "us-iad", label: "net" } },
    { name: "app", kind: "Subnet", inputs: { vpcId: ref("net"), label: "app", ipv4: "10.0.1.0/24" } },
  ],
  exports: { subnetId: ref("app") },
};
