import { ref, secretConfig, type Example } from "./model";

export const snapshot: Example = {
  kind: "Snapshot",
  resources: [
    {
      name: "server",
      kind: "Instance",
      inputs: {
        region: "us-iad",
        type: "g6-standard-1",
        label: "server",
        image: "compute/debian12",
        rootPass: secretConfig("rootPass"),
        backupsEnabled: true,
      },
    },
    {
      name: "beforeUpgrade",
      kind: "Snapshot",
      inputs: { computeId: ref("server"), label: "before-upgrade" },
    },
  ],
  exports: { snapshotId: ref("beforeUpgrade") },
};
