/**
 * Vpc in the plugin form from a Pulumi YAML program (`pulumi-resource-compute`, the real CLI): the
 * story in stories/vpc.ts, the program written here.
 */
import { vpcStory, type Vpc } from "./stories/vpc";
import { yamlProject } from "./yaml-project";

const resources = ({ outside, ...net }: Vpc) => ({
  net: { type: "compute:index:Vpc", properties: net },
  ...(outside && {
    outside: {
      type: "compute:index:Vpc",
      properties: { region: "us-iad", label: "outside", description: "made elsewhere" },
    },
  }),
});
const outputs = { vpcId: "${net.id}", created: "${net.created}" };

vpcStory({
  prefix: "yaml",
  generatesCode: true,
  async start(speed) {
    const project = await yamlProject("plugin-vpc", { speed });
    return { project, write: (shape) => project.setProgram(resources(shape), outputs) };
  },
});
