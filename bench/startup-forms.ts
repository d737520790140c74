/**
 * The projects `npm run bench:startup` runs: for each form of the provider, the demo's stack and a
 * program of N servers written as a user of that form writes them, and an empty program of the same
 * language (the floor). Each project has its own directory and stack; all share one file backend and
 * PULUMI_HOME, and take the API's URL and token from the environment.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import type { Emulator } from "pulumi-compute/emulator";

const ROOT = path.resolve(__dirname, "..");
const IMAGE = "compute/debian12";

export type Case = "preview" | "servers";

export interface Project {
  name: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Arguments every command of this project takes (the stack, its config file). */
  stackArgs: string[];
}

export interface Form {
  key: string;
  label: string;
  language: string;
  /** Why this form cannot run here, or undefined. */
  missing(): string | undefined;
  project(tmp: string, c: Case, emulator: Emulator): Promise<Project>;
  floor(tmp: string, c: Case, emulator: Emulator): Promise<Project>;
}

function envFor(tmp: string, name: string, emulator: Emulator): NodeJS.ProcessEnv {
  for (const sub of ["state", "home"]) fs.mkdirSync(path.join(tmp, sub), { recursive: true });
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.PULUMI_CONFIG_PASSPHRASE_FILE;
  delete env.PULUMI_ACCESS_TOKEN;
  return Object.assign(env, {
    PULUMI_BACKEND_URL: `file://${path.join(tmp, "state")}`,
    PULUMI_HOME: path.join(tmp, "home"),
    PULUMI_CONFIG_PASSPHRASE: "startup-bench",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    COMPUTE_API_URL: emulator.url,
    COMPUTE_TOKEN: emulator.token,
    COMPUTE_JOURNAL_DIR: path.join(tmp, "journal", name),
  });
}

function cli(args: string[], cwd: string, env: NodeJS.ProcessEnv): void {
  execFileSync("pulumi", ["--non-interactive", ...args], { cwd, env, stdio: "pipe" });
}

const rootPass = () => `${randomBytes(18).toString("base64url")}-Aa1`;

/** A project directory holding `files`, with a stack of its own and a secret `rootPass`. */
function projectIn(tmp: string, name: string, emulator: Emulator, files: Record<string, string>): Project {
  const dir = path.join(tmp, name);
  fs.mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
  const env = envFor(tmp, name, emulator);
  cli(["stack", "init", "bench"], dir, env);
  cli(["config", "set", "--secret", "rootPass", "--", rootPass()], dir, env);
  return { name, cwd: dir, env, stackArgs: [] };
}

// --- TypeScript: the dynamic classes ------------------------------------------------------------------

/** A TypeScript project of the user's own, the package among its node_modules. */
function typescriptProject(tmp: string, name: string, emulator: Emulator, program: string): Project {
  const project = projectIn(tmp, name, emulator, {
    "Pulumi.yaml": `name: ${name}\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n`,
    // Transpiled only, as the demo's examples/tsconfig.json: a type-check at every command (ts-node's
    // default) costs the program about 2.5 CPU-s and 90 MB more, whatever the provider.
    "tsconfig.json": JSON.stringify({
      compilerOptions: { target: "ES2022", module: "commonjs", moduleResolution: "node", strict: true },
      "ts-node": { transpileOnly: true },
    }),
    "index.ts": program,
  });
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(project.cwd, "node_modules"));
  return project;
}

const tsServers = (count: number) => `import * as pulumi from "@pulumi/pulumi";
import * as compute from "pulumi-compute";

const rootPass = new pulumi.Config().requireSecret("rootPass");
for (let i = 0; i < ${count}; i++) {
  new compute.Instance(\`s\${i}\`, {
    region: "us-iad",
    type: "g6-nanode-1",
    label: \`ts-bench-\${i}\`,
    image: "${IMAGE}",
    rootPass,
  });
}
`;

/** The demo itself, as `npm run demo` runs it: this repository's Pulumi.yaml and examples/index.ts. */
function demoProject(tmp: string, emulator: Emulator): Project {
  const dir = path.join(tmp, "ts-demo");
  fs.mkdirSync(dir);
  fs.copyFileSync(path.join(ROOT, "Pulumi.yaml"), path.join(dir, "Pulumi.yaml"));
  const env = envFor(tmp, "ts-demo", emulator);
  const configFile = path.join(dir, "Pulumi.bench.yaml");
  cli(["stack", "init", "bench"], dir, env);
  cli(
    [
      "config",
      "set",
      "--secret",
      "rootPass",
      "--stack",
      "bench",
      "--config-file",
      configFile,
      "--",
      rootPass(),
    ],
    ROOT,
    env,
  );
  return { name: "ts-demo", cwd: ROOT, env, stackArgs: ["--stack", "bench", "--config-file", configFile] };
}

const typescript = (servers: number): Form => ({
  key: "ts",
  label: "TypeScript, dynamic classes",
  language: "TypeScript",
  missing: () =>
    fs.existsSync(path.join(ROOT, "dist/index.js")) ? undefined : "no dist/: run `npm run build`",
  project: async (tmp, c, emulator) =>
    c === "preview"
      ? demoProject(tmp, emulator)
      : typescriptProject(tmp, "ts-servers", emulator, tsServers(servers)),
  floor: async (tmp, c, emulator) => typescriptProject(tmp, `ts-empty-${c}`, emulator, "export {};\n"),
});

// --- Pulumi YAML: the resource plugin ---------------------------------------------------------------

/** The demo's resources (examples/program.ts), in Pulumi YAML, labels prefixed `prefix`. */
export function demoResources(prefix: string): Record<string, unknown> {
  const r = (type: string, properties: Record<string, unknown>) => ({
    type: `compute:index:${type}`,
    properties,
  });
  return {
    vpc: r("Vpc", { region: "us-iad", label: `${prefix}-vpc`, description: "Created by the bench" }),
    app: r("Subnet", { vpcId: "${vpc.id}", label: "app", ipv4: "10.0.1.0/24" }),
    db: r("Subnet", { vpcId: "${vpc.id}", label: "db", ipv4: "10.0.2.0/24" }),
    deploy: r("SshKey", {
      label: `${prefix}-deploy`,
      sshKey:
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIoN0rM0AxiPAReAXKe4aeJh2PrQfhiXSBKo8LLeYgS+ bench@compute",
    }),
    webSetup: r("StackScript", {
      label: `${prefix}-web-setup`,
      description: "nginx with the site's name",
      images: [IMAGE],
      script:
        '#!/bin/bash\n# <UDF name="site" label="Site name" example="demo.example"/>\napt-get install -y nginx\n',
    }),
    web: r("Instance", {
      region: "us-iad",
      type: "g6-nanode-1",
      label: `${prefix}-web`,
      image: IMAGE,
      rootPass: "${rootPass}",
      authorizedKeys: ["${deploy.sshKey}"],
      stackscriptId: "${webSetup.id}",
      stackscriptData: { site: "demo.example" },
      tags: ["demo"],
    }),
    dbServer: r("Instance", {
      region: "us-iad",
      type: "g6-standard-1",
      label: `${prefix}-db`,
      tags: ["demo"],
    }),
    dbRoot: r("InstanceDisk", {
      computeId: "${dbServer.id}",
      label: "root",
      size: 8192,
      image: IMAGE,
      rootPass: "${rootPass}",
    }),
    dbSwap: r("InstanceDisk", { computeId: "${dbServer.id}", label: "swap", size: 512, filesystem: "swap" }),
    dbBoot: r("InstanceConfig", {
      computeId: "${dbServer.id}",
      label: "boot",
      devices: { sda: "${dbRoot.id}", sdb: "${dbSwap.id}" },
      interfaces: [{ purpose: "public" }, { purpose: "vpc", subnetId: "${db.id}" }],
      booted: true,
    }),
  };
}

function serverResources(prefix: string, count: number): Record<string, unknown> {
  return Object.fromEntries(
    Array.from({ length: count }, (_, i) => [
      `s${i}`,
      {
        type: "compute:index:Instance",
        properties: {
          region: "us-iad",
          type: "g6-nanode-1",
          label: `${prefix}-bench-${i}`,
          image: IMAGE,
          rootPass: "${rootPass}",
        },
      },
    ]),
  );
}

function yamlProject(tmp: string, name: string, emulator: Emulator, resources?: Record<string, unknown>) {
  // YAML is a superset of JSON: the program is written as JSON.
  const program = {
    name,
    runtime: "yaml",
    config: { rootPass: { type: "string" } },
    resources: resources ?? {},
  };
  return pluginUser(projectIn(tmp, name, emulator, { "Pulumi.yaml": JSON.stringify(program, null, 2) }));
}

/**
 * The plugin as a user has it: packed and installed with `pulumi plugin install` into the bench's
 * PULUMI_HOME (scripts/install-plugin), found there by version, with no `plugins.providers` entry and
 * no ambient plugin (the repository's `bin` may be on PATH).
 */
export function installPlugin(tmp: string): void {
  for (const sub of ["state", "home"]) fs.mkdirSync(path.join(tmp, sub), { recursive: true });
  execFileSync(path.join(ROOT, "scripts/install-plugin"), [], {
    env: { ...process.env, PULUMI_HOME: path.join(tmp, "home") },
    stdio: "pipe",
  });
}

function pluginUser(project: Project): Project {
  project.env.PULUMI_IGNORE_AMBIENT_PLUGINS = "true";
  return project;
}

function hasCommand(command: string): boolean {
  try {
    execFileSync("which", [command], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

const yaml = (servers: number): Form => ({
  key: "yaml",
  label: "Pulumi YAML, resource plugin",
  language: "Pulumi YAML",
  missing: () =>
    !hasCommand("pulumi-language-yaml")
      ? "no pulumi-language-yaml on PATH: run it with `scripts/run --with-languages`"
      : undefined,
  project: async (tmp, c, emulator) =>
    yamlProject(
      tmp,
      `yaml-${c}`,
      emulator,
      c === "preview" ? demoResources("yaml") : serverResources("yaml", servers),
    ),
  floor: async (tmp, c, emulator) => yamlProject(tmp, `yaml-empty-${c}`, emulator),
});

// --- Python: the resource plugin through the generated SDK ------------------------------------------

const pythonDemo = (prefix: string) => `import pulumi
import pulumi_compute as compute

IMAGE = "${IMAGE}"
root_pass = pulumi.Config().require_secret("rootPass")
vpc = compute.Vpc("vpc", region="us-iad", label="${prefix}-vpc", description="Created by the bench")
app = compute.Subnet("app", vpc_id=vpc.id, label="app", ipv4="10.0.1.0/24")
db = compute.Subnet("db", vpc_id=vpc.id, label="db", ipv4="10.0.2.0/24")
deploy = compute.SshKey("deploy", label="${prefix}-deploy",
    ssh_key="ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIoN0rM0AxiPAReAXKe4aeJh2PrQfhiXSBKo8LLeYgS+ bench@compute")
web_setup = compute.StackScript("webSetup", label="${prefix}-web-setup", description="nginx with the site's name",
    images=[IMAGE],
    script='#!/bin/bash\\n# <UDF name="site" label="Site name" example="demo.example"/>\\napt-get install -y nginx\\n')
web = compute.Instance("web", region="us-iad", type="g6-nanode-1", label="${prefix}-web", image=IMAGE,
    root_pass=root_pass, authorized_keys=[deploy.ssh_key], stackscript_id=web_setup.id,
    stackscript_data={"site": "demo.example"}, tags=["demo"])
db_server = compute.Instance("dbServer", region="us-iad", type="g6-standard-1", label="${prefix}-db", tags=["demo"])
db_root = compute.InstanceDisk("dbRoot", compute_id=db_server.id, label="root", size=8192, image=IMAGE,
    root_pass=root_pass)
db_swap = compute.InstanceDisk("dbSwap", compute_id=db_server.id, label="swap", size=512, filesystem="swap")
compute.InstanceConfig("dbBoot", compute_id=db_server.id, label="boot", devices={"sda": db_root.id, "sdb": db_swap.id},
    interfaces=[{"purpose": "public"}, {"purpose": "vpc", "subnetId": db.id}], booted=True)
`;

const pythonServers = (prefix: string, count: number) => `import pulumi
import pulumi_compute as compute

root_pass = pulumi.Config().require_secret("rootPass")
for i in range(${count}):
    compute.Instance(f"s{i}", region="us-iad", type="g6-nanode-1", label=f"${prefix}-bench-{i}",
        image="${IMAGE}", root_pass=root_pass)
`;

/** A Python project whose virtualenv (COMPUTE_PYTHON_VENV) holds pulumi and the generated SDK; the
 * language host runs the first \`python\` on PATH, the virtualenv's, as after \`activate\`. */
function pythonProject(tmp: string, name: string, emulator: Emulator, program: string) {
  const venv = process.env.COMPUTE_PYTHON_VENV!;
  const project = {
    name,
    runtime: "python",
  };
  const made = projectIn(tmp, name, emulator, {
    "Pulumi.yaml": JSON.stringify(project, null, 2),
    "__main__.py": program,
  });
  Object.assign(pluginUser(made).env, {
    VIRTUAL_ENV: venv,
    PATH: `${path.join(venv, "bin")}${path.delimiter}${made.env.PATH}`,
  });
  return made;
}

const python = (servers: number): Form => ({
  key: "python",
  label: "Python, resource plugin",
  language: "Python",
  missing: () =>
    !process.env.COMPUTE_PYTHON_VENV
      ? "no COMPUTE_PYTHON_VENV (the virtualenv with the generated SDK): run it with `scripts/run --with-languages`"
      : !hasCommand("pulumi-language-python")
        ? "no pulumi-language-python on PATH"
        : undefined,
  project: async (tmp, c, emulator) =>
    pythonProject(
      tmp,
      `python-${c}`,
      emulator,
      c === "preview" ? pythonDemo("py") : pythonServers("py", servers),
    ),
  floor: async (tmp, c, emulator) => pythonProject(tmp, `python-empty-${c}`, emulator, "import pulumi\n"),
});

/** The forms, their `servers` case creating that many servers. */
export const forms = (servers: number): Form[] => [typescript(servers), yaml(servers), python(servers)];
