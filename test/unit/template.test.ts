/** The project templates (templates/<language>) agree with the package they ship in. */
import * as fs from "node:fs";
import * as path from "node:path";
import { GO_MODULE, REPOSITORY, RELEASES } from "../../src/schema/repository";

const ROOT = path.resolve(__dirname, "../..");
const TEMPLATES = path.join(ROOT, "templates");
const TEMPLATE = path.join(TEMPLATES, "typescript");
const json = (file: string) => JSON.parse(fs.readFileSync(file, "utf8"));

describe("the project template", () => {
  const pkg = json(path.join(ROOT, "package.json"));
  const template = json(path.join(TEMPLATE, "package.json"));

  it("depends on this package's version and on the @pulumi/pulumi its peer range admits", () => {
    expect(template.dependencies).toEqual({
      "@pulumi/pulumi": pkg.peerDependencies["@pulumi/pulumi"],
      "pulumi-compute": `^${pkg.version}`,
    });
  });

  it("ships in the package", () => {
    expect(pkg.files).toContain("templates");
  });

  it("keeps the strict tsconfig `pulumi new typescript` writes: no skipLibCheck, no esModuleInterop", () => {
    const { compilerOptions } = json(path.join(TEMPLATE, "tsconfig.json"));
    expect(compilerOptions).toMatchObject({ strict: true, module: "commonjs", moduleResolution: "node" });
    expect(Object.keys(compilerOptions)).not.toEqual(expect.arrayContaining(["skipLibCheck"]));
    expect(Object.keys(compilerOptions)).not.toEqual(expect.arrayContaining(["esModuleInterop"]));
  });

  it("ships one template per language the provider serves, each with the files `pulumi new` expects", () => {
    const files = (language: string) => fs.readdirSync(path.join(TEMPLATES, language)).sort();
    expect(fs.readdirSync(TEMPLATES).sort()).toEqual(["go", "python", "typescript", "yaml"]);
    expect(files("python")).toEqual(["Pulumi.yaml", "__main__.py", "requirements.txt"]);
    expect(files("go")).toEqual(["Pulumi.yaml", "go.mod", "main.go"]);
    expect(files("yaml")).toEqual(["Pulumi.yaml"]);
  });

  it.each(["typescript", "python", "go", "yaml"])(
    "templates/%s asks for the API's URL and, as a secret, its token",
    (language) => {
      const yaml = fs.readFileSync(path.join(TEMPLATES, language, "Pulumi.yaml"), "utf8");
      expect(yaml).toMatch(/^name: \$\{PROJECT\}\n/);
      expect(yaml).toMatch(
        /^ {4}compute:apiUrl:\n {6}description: .+\n {6}default: http:\/\/127\.0\.0\.1:8080\/v4\n/m,
      );
      expect(yaml).toMatch(/^ {4}compute:token:\n {6}description: .+\n {6}secret: true\n/m);
    },
  );

  it("pins the SDK of this package's version: the release's wheel, the Go module, the YAML plugin", () => {
    const read = (file: string) => fs.readFileSync(path.join(TEMPLATES, file), "utf8");
    const v = pkg.version;
    expect(read("python/requirements.txt")).toContain(
      `pulumi_compute @ ${REPOSITORY}/releases/download/v${v}/pulumi_compute-${v}-py3-none-any.whl\n`,
    );
    expect(read("go/go.mod")).toContain(`\t${GO_MODULE} v${v}\n`);
    expect(read("go/main.go")).toContain(`"${GO_MODULE}/compute"`);
    const yaml = read("yaml/Pulumi.yaml");
    const resources = [...yaml.matchAll(/^ {4}type: compute:index:\w+$/gm)].length;
    expect(resources).toBe(2);
    expect([...yaml.matchAll(new RegExp(`^ {6}version: ${v.replace(/\./g, "\\.")}$`, "gm"))]).toHaveLength(
      resources,
    );
    expect(yaml.split(`      pluginDownloadURL: ${RELEASES}\n`)).toHaveLength(resources + 1);
  });
});
