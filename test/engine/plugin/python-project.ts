/**
 * A Pulumi Python project using the generated SDK (`pulumi_compute`, sdk/python), served by the resource
 * plugin, run through the real `pulumi` CLI against an in-process emulator (cli-project.ts). Its
 * virtualenv is COMPUTE_PYTHON_VENV (pulumi and `pip install ./sdk/python`, made by
 * scripts/ensure-python-sdk), and the Python language host must be on PATH: `npm test` provides both.
 * By default the virtualenv's `bin` comes first on PATH, as after `source venv/bin/activate` (the host
 * runs the `python` first on PATH); with `virtualenvOption`, the project is laid out as `pulumi new
 * python` lays it out: `runtime.options.virtualenv: venv` in Pulumi.yaml (`venv` links to the
 * virtualenv), the virtualenv not activated, PATH's `python` without pulumi.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { EmulatorOptions } from "../../../src/emulator";
import { cliProject, PLUGINS, type CliProject } from "./cli-project";
import { previewJson, type PreviewJson } from "./preview-json";

export interface PythonProject extends CliProject {
  /** Writes the program, `__main__.py`: `import pulumi` and `import pulumi_compute as compute` come first. */
  setProgram(code: string): void;
  /** `pulumi preview --json` (and `flags`): each step's op, URN and detailed diff, and the change summary. */
  previewJson(...flags: string[]): Promise<PreviewJson>;
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

export interface PythonProjectOptions {
  /** The virtualenv named by the project's `runtime.options.virtualenv`, not activated. */
  virtualenvOption?: boolean;
}

/** `emulator` starts the emulator (its `speed`: 20 runs a boot's 3 s in 0.15 s). */
export async function pythonProject(
  name: string,
  emulator: EmulatorOptions = {},
  options: PythonProjectOptions = {},
): Promise<PythonProject> {
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
      const runtime = options.virtualenvOption
        ? { name: "python", options: { virtualenv: "venv" } }
        : "python";
      if (options.virtualenvOption) fs.symlinkSync(virtualenv, path.join(dir, "venv"));
      fs.writeFileSync(
        path.join(dir, "Pulumi.yaml"),
        JSON.stringify({ name, runtime, plugins: PLUGINS }, null, 2),
      );
      setProgram("");
    },
    options.virtualenvOption
      ? {}
      : {
          VIRTUAL_ENV: virtualenv,
          PATH: `${path.join(virtualenv, "bin")}${path.delimiter}${process.env.PATH}`,
        },
    emulator,
  );
  return { ...base, setProgram, previewJson: (...flags) => previewJson(base, ...flags) };
}
