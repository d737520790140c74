import { ref, type Example } from "./model";

export const sshKey: Example = {
  kind: "SshKey",
  resources: [
    {
      name: "deploy",
      kind: "SshKey",
      inputs: {
        label: "deploy",
        sshKey:
          "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIF3GGbjGAJAMMRzuGsUpfBkTUAVDDAJdisaHcr2XtrFG deploy@example",
      },
    },
  ],
  exports: { keyId: ref("deploy") },
};
