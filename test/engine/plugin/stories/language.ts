/**
 * What a story (stories/*.ts) needs of the language its program is written in: the project (a Pulumi
 * YAML, Python or Go project, each run through the real CLI against the emulator) and a writer that
 * turns the story's shape of the moment into that language's program. The story holds the steps and the
 * assertions, once; yamlLanguage, pythonLanguage and goLanguage make each language's project, and each
 * language's test file gives them its program writer.
 */
import type { CliProject } from "../cli-project";
import { goProject } from "../go-project";
import type { PreviewJson } from "../preview-json";
import { pythonProject } from "../python-project";
import { yamlProject } from "../yaml-project";

export interface StoryProject extends CliProject {
  /** `pulumi preview --json` (and `flags`): each step's op, URN and detailed diff, and the change summary. */
  previewJson(...flags: string[]): Promise<PreviewJson>;
}

/** A project made for a story, and the writer of its program. */
export interface Told<Shape> {
  project: StoryProject;
  /** Writes the program that declares `shape` (and the story's outputs). */
  write(shape: Shape): void;
}

export interface StoryLanguage<Shape> {
  /** How the labels of the objects this language's program makes begin: `yaml`, `py` or `go`. */
  prefix: string;
  /**
   * Whether the language host writes an imported resource's code (`pulumi import` without
   * `--generate-code=false`): the YAML host does; the v3.68.0 Python and v3.60.0 Go hosts cannot
   * (GenerateProgram), so there the import writes the state only. A difference of the hosts, not of
   * the plugin.
   */
  generatesCode: boolean;
  /** Makes the project, its emulator at `speed` (20 runs a boot's 3 s in 0.15 s; none: real time). */
  start(speed?: number): Promise<Told<Shape>>;
}

/**
 * A story told in Pulumi YAML: the project `name`, the program's `resources` for a shape and its
 * `outputs`; labels begin `yaml-`.
 */
export const yamlLanguage = <Shape>(
  name: string,
  resources: (shape: Shape) => Record<string, unknown>,
  outputs: Record<string, unknown>,
): StoryLanguage<Shape> => ({
  prefix: "yaml",
  generatesCode: true,
  async start(speed) {
    const project = await yamlProject(name, { speed });
    return { project, write: (shape) => project.setProgram(resources(shape), outputs) };
  },
});

/**
 * A story told in Python (the generated SDK): the project `name`, the program's code for a shape (after
 * `import pulumi` and `import pulumi_compute as compute`); labels begin `py-`.
 */
export const pythonLanguage = <Shape>(
  name: string,
  program: (shape: Shape) => string,
): StoryLanguage<Shape> => ({
  prefix: "py",
  generatesCode: false,
  async start(speed) {
    const project = await pythonProject(name, { speed });
    return { project, write: (shape) => project.setProgram(program(shape)) };
  },
});

/**
 * A story told in Go (the generated Go SDK): the project `name`, the body of the program's `pulumi.Run`
 * function for a shape (go-project.ts adds the imports it uses); labels begin `go-`.
 */
export const goLanguage = <Shape>(name: string, program: (shape: Shape) => string): StoryLanguage<Shape> => ({
  prefix: "go",
  generatesCode: false,
  async start(speed) {
    const project = await goProject(name, { speed });
    return { project, write: (shape) => project.setProgram(program(shape)) };
  },
});

/** The flags of `pulumi import` in a language: the code written where the host can write it. */
export const importFlags = (language: Pick<StoryLanguage<unknown>, "generatesCode">): string[] => [
  "--yes",
  "--protect=false",
  ...(language.generatesCode ? [] : ["--generate-code=false"]),
];

/** The one element of a list (asserting there is exactly one). */
export const one = async <T>(list: Promise<T[]>): Promise<T> => {
  const all = await list;
  expect(all).toHaveLength(1);
  return all[0]!;
};
