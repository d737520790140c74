/** The provider's bookkeeping in the state, in the TypeScript form: state-bookkeeping-story.ts. */
import { ControlClient } from "../../src/client";
import { startEmulator, type Emulator } from "../../src/emulator";
import { writeLines } from "../support/writes";
import { userProject } from "./harness";
import { stateBookkeepingStory } from "./state-bookkeeping-story";

jest.setTimeout(300_000);

const PROGRAM = `
import * as pulumi from "@pulumi/pulumi";
import * as compute from "pulumi-compute";
const description = new pulumi.Config().require("desc");
const net = new compute.Vpc("net", { region: "us-iad", label: "ts-books", description });
new compute.Subnet("app", { vpcId: net.id, label: "app", ipv4: "10.0.1.0/24" });
`;

let emulator: Emulator | undefined;

stateBookkeepingStory(async () => {
  emulator = await startEmulator({ speed: 20 });
  const project = await userProject("ts-books", emulator, PROGRAM);
  const control = new ControlClient(emulator.controlUrl);
  return {
    dir: project.dir,
    pulumi: project.pulumi,
    async writes() {
      const writes = await writeLines(control);
      await control.clearRequests();
      return writes;
    },
    async dispose() {
      project.dispose();
      await emulator?.close();
    },
  };
});
