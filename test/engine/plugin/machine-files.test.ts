/** The provider's files on the user's machine, in the plugin form (Pulumi YAML): ../machine-files-story.ts. */
import { COUNT, machineFilesStory } from "../machine-files-story";
import { yamlProject } from "./yaml-project";

jest.setTimeout(300_000);

const resources = Object.fromEntries(
  Array.from({ length: COUNT }, (_, i) => [
    [
      `net${i}`,
      { type: "compute:index:Vpc", properties: { region: "us-iad", label: `\${pulumi.stack}-net-${i}` } },
    ],
    [
      `app${i}`,
      {
        type: "compute:index:Subnet",
        properties: { vpcId: `\${net${i}.id}`, label: "app", ipv4: `10.0.${i}.0/24` },
      },
    ],
  ]).flat(),
);

machineFilesStory(async () => {
  const project = await yamlProject("yaml-machine-files", { speed: 20 });
  project.setProgram(resources);
  // The default place: no COMPUTE_JOURNAL_DIR. Both stacks reach the emulator by the environment.
  delete project.env.COMPUTE_JOURNAL_DIR;
  Object.assign(project.env, {
    COMPUTE_API_URL: project.emulator.url,
    COMPUTE_TOKEN: project.emulator.token,
  });
  await project.pulumi("stack", "init", "other");
  return {
    name: "yaml-machine-files",
    env: project.env,
    pulumi: project.pulumi,
    dispose: () => project.dispose(),
  };
});
