/** The project template (templates/typescript) agrees with the package it ships in. */
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "../..");
const TEMPLATE = path.join(ROOT, "templates", "typescript");
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

  it("asks for the API's URL and, as a secret, its token", () => {
    const yaml = fs.readFileSync(path.join(TEMPLATE, "Pulumi.yaml"), "utf8");
    expect(yaml).toMatch(
      /^ {4}compute:apiUrl:\n {6}description: .+\n {6}default: http:\/\/127\.0\.0\.1:8080\/v4\n/m,
    );
    expect(yaml).toMatch(/^ {4}compute:token:\n {6}description: .+\n {6}secret: true\n/m);
  });
});
