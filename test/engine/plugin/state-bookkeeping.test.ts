/** The provider's bookkeeping in the state, in the plugin form (Pulumi YAML): ../state-bookkeeping-story.ts. */
import { stateBookkeepingStory } from "../state-bookkeeping-story";
import { yamlProject } from "./yaml-project";

jest.setTimeout(300_000);

stateBookkeepingStory(async () => {
  const p = await yamlProject("yaml-books", { speed: 20 });
  p.setProgram({
    net: {
      type: "compute:index:Vpc",
      properties: { region: "us-iad", label: "yaml-books", description: "${desc}" },
    },
    app: {
      type: "compute:index:Subnet",
      properties: { vpcId: "${net.id}", label: "app", ipv4: "10.0.1.0/24" },
    },
  });
  return {
    dir: p.dir,
    pulumi: p.pulumi,
    async writes() {
      const writes = await p.writes();
      await p.control.clearRequests();
      return writes;
    },
    dispose: () => p.dispose(),
  };
});
