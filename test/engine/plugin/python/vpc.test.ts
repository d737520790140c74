/**
 * Vpc in the plugin form from a Python program (the generated SDK, `pulumi_compute`) through the real
 * CLI: the story in stories/vpc.ts, the program written here.
 */
import { pythonLanguage } from "../stories/language";
import { vpcStory, type Vpc } from "../stories/vpc";

/** The keyword arguments of the given inputs (a JSON string is a Python string literal). */
const args = (inputs: Record<string, string | undefined>) =>
  Object.entries(inputs)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `, ${key}=${JSON.stringify(value)}`)
    .join("");
const program = ({ region, label, description, outside }: Vpc) => `
net = compute.Vpc("net"${args({ region, label, description })})
${outside ? `outside = compute.Vpc("outside", region="us-iad", label="outside", description="made elsewhere")` : ""}
pulumi.export("vpcId", net.id)
pulumi.export("created", net.created)
`;

vpcStory(pythonLanguage("python-vpc", program));
