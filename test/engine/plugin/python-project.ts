/**
 * A Pulumi Python project using the generated SDK (`pulumi_compute`, sdk/python), served by the resource
 * plugin, run through the real `pulumi` CLI against an in-process emulator (cli-project.ts). Its
 * virtualenv is COMPUTE_PYTHON_VENV (pulumi and `pip install ./sdk/python`, made by
 * scripts/ensure-python-sdk), and the Python language host must be on PATH: `npm test` provides both.
 * The v3.68.0 host runs the `python` first on PATH (the project's `virtualenv` option reaches it only
 * from older CLIs): the virtualenv's `bin` comes first, as after `source venv/bin/activate`.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { EmulatorOptions } from "../../../src/emulator";
import { cliProject, PLUGINS, type CliProject } from "./cli-project";
import { previewJson, type PreviewJson } from "./preview-json";

export interface PythonProject extends CliProject {
  /** Writes the program, `__main__.py`: `import pulumi` and `import pulumi_compute as compute` come first. */
  setProgram(code: string): void;
  /** `pulumi preview --json`: each step's op, URN and detailed diff, and the change summary. */
  previewJson(): Promise<PreviewJson>;
}

function requireVirtualenv(): string {
  const venv = process.env.COMPUTE_PYTHON_VENV;
  if (!venv || !fs.existsSync(path.join(venv, "bin", "python")))
    throw new Error(
      "no virtualenv with the Python SDK (COMPUTE_PYTHON_VENV): run the tests with `npm test` " +
        "or `scripts/run --with-languages npx jest <path>` (scripts/ensure-python-sdk makes it)",
    );
  return venv;
}

/** `emulator` starts the emulator (its `speed`: 20 runs a boot's 3 s in 0.15 s). */
export async function pythonProject(name: string, emulator: EmulatorOptions = {}): Promise<PythonProject> {
  const virtualenv = requireVirtualenv();
  let dir = "";
  const setProgram = (code: string) =>
    fs.writeFileSync(
      path.join(dir, "__main__.py"),
      `import pulumi\nimport pulumi_compute as compute\n\n${code.trim()}\n`,
    );
  const base = await cliProject(
    name,
    "python",
    (made) => {
      dir = made;
      const project = { name, runtime: "python", plugins: PLUGINS };
      fs.writeFileSync(path.join(dir, "Pulumi.yaml"), JSON.stringify(project, null, 2));
      setProgram("");
    },
    {
      VIRTUAL_ENV: virtualenv,
      PATH: `${path.join(virtualenv, "bin")}${path.delimiter}${process.env.PATH}`,
    },
    emulator,
  );
  return { ...base, setProgram, previewJson: () => previewJson(base) };
}
