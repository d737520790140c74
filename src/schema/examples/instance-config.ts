import { ref, secretConfig, type Example } from "./model";

export const instanceConfig: Example = {
  kind: "InstanceConfig",
  resources: [
    { name: "net", kind: "Vpc", inputs: { region: "us-iad", label: "net" } },
    { name: "app", kind: "Subnet", inputs: { vpcId: ref("net"), label: "app", ipv4: "10.0.1.0/24" } },
    {
      name: "server",
      kind: "Instance",
      inputs: { region: "us-iad", type: "g6-standard-1", label: "server" },
    },
    {
      name: "root",
      kind: "InstanceDisk",
      inputs: {
        computeId: ref("server"),
        label: "root",
        size: 10000,
        image: "compute/debian12",
        rootPass: secretConfig("rootPass"),
      },
    },
    {
      name: "boot",
      kind: "InstanceConfig",
      inputs: {
        computeId: ref("server"),
        label: "boot",
        devices: { sda: ref("root") },
        interfaces: [{ purpose: "public" }, { purpose: "vpc", subnetId: ref("app"), ipv4: { nat11: "any" } }],
        booted: true,
      },
    },
  ],
  exports: { configId: ref("boot") },
};
