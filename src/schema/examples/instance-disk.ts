import { ref, secretConfig, type Example } from "./model";

export const instanceDisk: Example = {
  kind: "InstanceDisk",
  resources: [
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
      name: "swap",
      kind: "InstanceDisk",
      inputs: { computeId: ref("server"), label: "swap", size: 512, filesystem: "swap" },
    },
  ],
  exports: { rootDiskId: ref("root") },
};
