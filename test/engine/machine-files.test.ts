/** The provider's files on the user's machine, in the TypeScript form: machine-files-story.ts. */
import { startEmulator, type Emulator } from "../../src/emulator";
import { userProject } from "./harness";
import { COUNT, machineFilesStory } from "./machine-files-story";

jest.setTimeout(300_000);

const PROGRAM = `
import * as pulumi from "@pulumi/pulumi";
import * as compute from "pulumi-compute";
for (let i = 0; i < ${COUNT}; i++) {
  const net = new compute.Vpc("net" + i, { region: "us-iad", label: pulumi.getStack() + "-net-" + i });
  new compute.Subnet("app" + i, { vpcId: net.id, label: "app", ipv4: "10.0." + i + ".0/24" });
}
`;

let emulator: Emulator | undefined;

machineFilesStory(async () => {
  emulator = await startEmulator({ speed: 20 });
  const project = await userProject("machine-files", emulator, PROGRAM);
  // The default place: no COMPUTE_JOURNAL_DIR.
  delete project.env.COMPUTE_JOURNAL_DIR;
  await project.pulumi("stack", "init", "other");
  return {
    name: "machine-files",
    env: project.env,
    pulumi: project.pulumi,
    async dispose() {
      project.dispose();
      await emulator?.close();
    },
  };
});
