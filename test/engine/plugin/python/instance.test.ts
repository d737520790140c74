/**
 * Instance in the plugin form from a Python program (the generated SDK, `pulumi_compute`) through the
 * real CLI: the story in stories/instance.ts, the program written here.
 */
import { IMAGE, ROOT_PASS } from "../../../support/compute";
import { pythonLanguage } from "../stories/language";
import { instanceStory, type Instance } from "../stories/instance";

const instance = (name: string, label: string, options = "") => `
${name} = compute.Instance(
    "${name}",
    region="us-iad",
    type="g6-standard-1",
    label=${JSON.stringify(label)},
    image="${IMAGE}",
    # A plain string: the schema marks rootPass secret.
    root_pass="${ROOT_PASS}",
    ${options}
)`;
const program = (s: Instance) => `
${instance(
  "web",
  s.label,
  s.createTimeout
    ? `opts=pulumi.ResourceOptions(custom_timeouts=pulumi.CustomTimeouts(create="${s.createTimeout}")),`
    : "",
)}
${s.second ? instance(s.second.name, s.second.label) : ""}
pulumi.export("status", web.status)
`;

instanceStory({ ...pythonLanguage("python-instance", program), interruptedWithinMs: 25_000 });
