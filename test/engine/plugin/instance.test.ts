/**
 * Instance in the plugin form from a Pulumi YAML program (`pulumi-resource-compute`, the real CLI):
 * the story in stories/instance.ts, the program written here.
 */
import { IMAGE, ROOT_PASS } from "../../support/compute";
import { yamlLanguage } from "./stories/language";
import { instanceStory, type Instance } from "./stories/instance";

const properties = (label: string) => ({
  region: "us-iad",
  type: "g6-standard-1",
  label,
  image: IMAGE,
  rootPass: ROOT_PASS,
});
const resources = (s: Instance) => ({
  web: {
    type: "compute:index:Instance",
    properties: properties(s.label),
    options: s.createTimeout ? { customTimeouts: { create: s.createTimeout } } : {},
  },
  ...(s.second && {
    [s.second.name]: { type: "compute:index:Instance", properties: properties(s.second.label) },
  }),
});

instanceStory({
  ...yamlLanguage("plugin-instance", resources, { status: "${web.status}" }),
  interruptedWithinMs: 15_000,
});
