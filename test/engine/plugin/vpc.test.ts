/**
 * Vpc in the plugin form from a Pulumi YAML program (`pulumi-resource-compute`, the real CLI): the
 * story in stories/vpc.ts, the program written here.
 */
import { yamlLanguage } from "./stories/language";
import { vpcStory, type Vpc } from "./stories/vpc";

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

vpcStory(yamlLanguage("plugin-vpc", resources, outputs));
