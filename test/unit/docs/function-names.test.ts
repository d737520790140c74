/**
 * docs/functions.md names each data function's call in every language; the Python and Go names are
 * the ones the committed SDKs define (sdk/python, sdk/go), so a page cannot send a user to a function
 * the SDK does not have (`GetImage` where Go's SDK has `LookupImage`).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { languageNames, resultTypeNames } from "../../../scripts/docs/functions-page";
import { functionFacts } from "../../../src/schema/function-facts";
import { snake } from "../../../src/schema/names";

const ROOT = path.resolve(__dirname, "../../..");
const read = (...parts: string[]) => fs.readFileSync(path.join(ROOT, ...parts), "utf8");

const { functions, resultTypes } = functionFacts();

test("every data function is named on the page", () => {
  expect(functions.length).toBeGreaterThan(20);
  const page = read("docs/functions.md");
  for (const fn of functions) {
    const names = languageNames(fn.name, fn.token);
    for (const name of [...names.python, ...names.go, names.yaml]) expect(page).toContain(name);
  }
});

test.each(functions.map((fn) => [fn.name, fn.token] as const))(
  "%s: the SDKs define the names the page gives",
  (name, token) => {
    const names = languageNames(name, token);
    const python = read("sdk/python/pulumi_compute", `${snake(name)}.py`);
    for (const fn of names.python) expect(python).toContain(`\ndef ${fn}(`);
    const go = read("sdk/go/compute", `${name}.go`);
    for (const fn of names.go) expect(go).toContain(`\nfunc ${fn}(ctx *pulumi.Context,`);
    expect(go).toContain(`\ntype ${names.goArgs} struct`);
    expect(go).toContain(`\ntype ${names.go[1]}Args struct`);
    expect(python).toContain(`\nclass ${names.pythonResult}:`);
    expect(go).toContain(`\ntype ${names.goResult} struct`);
    expect(token).toBe(`compute:index:${name}`);
  },
);

test("the result types the schema has are the SDKs' (Python's outputs module, Go's package)", () => {
  const named = resultTypes.flatMap((type) => {
    const names = resultTypeNames(type.name);
    return names ? [names] : [];
  });
  expect(named.length).toBeGreaterThan(10);
  const python = read("sdk/python/pulumi_compute/outputs.py");
  const go = read("sdk/go/compute/pulumiTypes.go");
  for (const names of named) {
    expect(python).toContain(`\nclass ${names.python.replace(/^outputs\./, "")}(dict):`);
    expect(go).toContain(`\ntype ${names.go} struct`);
  }
});
