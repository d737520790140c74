/**
 * The provider's settings in a Python program (the generated SDK's `Provider`), through the CLI: a
 * misspelt `compute:*` key and an explicit provider's argument of the wrong kind fail the preview in
 * one line naming them, with no request; a change of the explicit provider's `apiUrl` to the same
 * account at another address changes no resource.
 */
import { pythonProject, type PythonProject } from "../python-project";

jest.setTimeout(180_000);

let p: PythonProject;

beforeAll(async () => {
  p = await pythonProject("python-settings");
});
afterAll(async () => {
  await p?.dispose();
});

const program = (apiUrl: string) => `
account = compute.Provider("account", api_url="${apiUrl}", token=pulumi.Output.secret("${p.emulator.token}"))
compute.Vpc("net", region="us-iad", label="py-settings", opts=pulumi.ResourceOptions(provider=account))
`;

test("a misspelt setting and an argument of the wrong kind: one line each, no request", async () => {
  p.setProgram(`compute.Vpc("net", region="us-iad", label="py-settings")`);
  await p.pulumi("config", "set", "compute:apiurl", p.emulator.url);
  await p.control.clearRequests();
  const misspelt = await p.failing("preview");
  expect(misspelt).toContain(
    "`compute:apiurl` is not a setting of the compute provider; did you mean `compute:apiUrl`?",
  );
  expect(misspelt).not.toMatch(/\n\s+at /);
  await p.pulumi("config", "rm", "compute:apiurl");

  p.setProgram(program("api.example.com"));
  expect(await p.failing("preview")).toContain(
    "`apiUrl` must be the API's base URL, such as https://api.example.com/v4",
  );
  expect(await p.control.requests()).toEqual([]);
});

test("the explicit provider moved to the same account at another address changes no resource", async () => {
  p.setProgram(program(p.emulator.url));
  await p.pulumi("up", "--yes");
  p.setProgram(program(p.emulator.url.replace("127.0.0.1", "localhost")));
  await p.control.clearRequests();
  const shown = await p.pulumi("up", "--yes");
  expect(shown).toMatch(/~ 1 updated/);
  expect(await p.writes()).toEqual([]);
  await p.pulumi("destroy", "--yes");
});
