import { ref, secretConfig, type Example } from "./model";

export const configInterface: Example = {
  kind: "ConfigInterface",
  resources: [
    { name: "net", kind: "Vpc", inputs: { region: "us-iad", label: "net" } },
    { name: "db", kind: "Subnet", inputs: { vpcId: ref("net"), label: "db", ipv4: "10.0.2.0/24" } },
    { name: "server", kind: "Instance", inputs: { region: "us-iad", type: "g6-standard-1", label: "db-1" } },
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
      inputs: { computeId: ref("server"), label: "boot", devices: { sda: ref("root") }, booted: true },
    },
    {
      name: "vpcNic",
      kind: "ConfigInterface",
      inputs: {
        computeId: ref("server"),
        configId: ref("boot"),
        purpose: "vpc",
        subnetId: ref("db"),
        ipv4: { nat11: "any" },
        position: 1,
        rebootOnChange: true,
      },
    },
  ],
  exports: { dbVpcIp: ref("vpcNic", "vpcAddress") },
};
