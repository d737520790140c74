/**
 * What a story (stories/*.ts) needs of the language its program is written in: the project (a Pulumi
 * YAML or Python project, both run through the real CLI against the emulator) and a writer that turns
 * the story's shape of the moment into that language's program. The story holds the steps and the
 * assertions, once; each language's test file plugs in its project and its program writer.
 */
import type { CliProject } from "../cli-project";
import type { PreviewJson } from "../preview-json";

export interface StoryProject extends CliProject {
  /** `pulumi preview --json`: each step's op, URN and detailed diff, and the change summary. */
  previewJson(): Promise<PreviewJson>;
}

/** A project made for a story, and the writer of its program. */
export interface Told<Shape> {
  project: StoryProject;
  /** Writes the program that declares `shape` (and the story's outputs). */
  write(shape: Shape): void;
}

export interface StoryLanguage<Shape> {
  /** How the labels of the objects this language's program makes begin: `yaml` or `py`. */
  prefix: string;
  /** Makes the project, its emulator at `speed` (20 runs a boot's 3 s in 0.15 s; none: real time). */
  start(speed?: number): Promise<Told<Shape>>;
}

/** A language whose story runs `pulumi import`. */
export interface ImportingLanguage<Shape> extends StoryLanguage<Shape> {
  /**
   * Whether the language host writes an imported resource's code (`pulumi import` without
   * `--generate-code=false`): the YAML host does; the v3.68.0 Python host cannot (GenerateProgram),
   * so there the import writes the state only. A difference of the hosts, not of the plugin.
   */
  generatesCode: boolean;
}

/** The flags of `pulumi import` in a language: the code written where the host can write it. */
export const importFlags = (language: Pick<ImportingLanguage<unknown>, "generatesCode">): string[] => [
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
