import { ref, type Example } from "./model";

export const image: Example = {
  kind: "Image",
  resources: [
    {
      name: "server",
      kind: "Instance",
      inputs: { region: "us-iad", type: "g6-standard-1", label: "builder" },
    },
    {
      name: "data",
      kind: "InstanceDisk",
      inputs: { computeId: ref("server"), label: "data", size: 1024, filesystem: "ext4" },
    },
    {
      name: "golden",
      kind: "Image",
      inputs: { diskId: ref("data"), label: "golden", description: "web base" },
    },
  ],
  exports: { imageId: ref("golden") },
};
