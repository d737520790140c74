/**
 * An explicit provider in the plugin form (`pulumi:providers:compute`, Pulumi YAML): its arguments
 * (the API URL, a secret token) are what Configure serves the resources that name it, ahead of the
 * stack's config; the token is stored encrypted.
 */
import { collect } from "../../../src/client";
import { vpcEndpoints } from "../../../src/contract";
import { yamlProject, type YamlProject } from "./yaml-project";

jest.setTimeout(180_000);

let p: YamlProject;

beforeAll(async () => {
  p = await yamlProject("plugin-provider");
  // The stack's own settings point nowhere: only the explicit provider's arguments can work.
  await p.pulumi("config", "set", "compute:apiUrl", "http://127.0.0.1:9/v4");
  await p.pulumi("config", "set", "--secret", "compute:token", "not-a-token");
});
afterAll(async () => {
  await p?.dispose();
});

test("resources that name an explicit provider use its arguments, the token kept secret", async () => {
  p.setProgram({
    account: {
      type: "pulumi:providers:compute",
      properties: { apiUrl: p.emulator.url, token: { "fn::secret": p.emulator.token } },
    },
    net: {
      type: "compute:index:Vpc",
      properties: { region: "us-iad", label: "explicit" },
      options: { provider: "${account}" },
    },
  });
  await p.pulumi("up", "--yes");
  expect(await collect(p.client.each(vpcEndpoints.listVpcs))).toEqual([
    expect.objectContaining({ label: "explicit" }),
  ]);
  const state = JSON.stringify(await p.resources());
  expect(state).not.toContain(p.emulator.token);
  await p.pulumi("destroy", "--yes");
  expect(await collect(p.client.each(vpcEndpoints.listVpcs))).toEqual([]);
});

test("a misspelt or mistyped setting fails the preview in one line naming it, before any request", async () => {
  p.setProgram({ net: { type: "compute:index:Vpc", properties: { region: "us-iad", label: "checked" } } });
  await p.pulumi("config", "set", "compute:apiUrl", p.emulator.url);
  await p.pulumi("config", "set", "--secret", "compute:token", p.emulator.token);
  await p.pulumi("config", "set", "compute:apiurl", p.emulator.url);
  await p.control.clearRequests();
  const misspelt = await p.failing("preview");
  expect(misspelt).toContain(
    "`compute:apiurl` is not a setting of the compute provider; did you mean `compute:apiUrl`?",
  );
  expect(misspelt).not.toMatch(/\n\s+at /);
  await p.pulumi("config", "rm", "compute:apiurl");
  await p.pulumi("config", "set", "compute:waitTimeoutSeconds", "soon");
  expect(await p.failing("preview")).toContain(
    "`compute:waitTimeoutSeconds` must be a positive number of seconds",
  );
  await p.pulumi("config", "rm", "compute:waitTimeoutSeconds");
  expect(await p.control.requests()).toEqual([]);
  // An explicit provider's argument of the wrong kind fails the same way, named as the argument.
  p.setProgram({
    account: {
      type: "pulumi:providers:compute",
      properties: { apiUrl: "api.example.com", token: { "fn::secret": p.emulator.token } },
    },
    net: {
      type: "compute:index:Vpc",
      properties: { region: "us-iad", label: "checked" },
      options: { provider: "${account}" },
    },
  });
  expect(await p.failing("preview")).toContain(
    "`apiUrl` must be the API's base URL, such as https://api.example.com/v4",
  );
});

test("the line saying the API could not confirm the token goes to the resource's log, not the stack's", async () => {
  await p.pulumi("config", "set", "compute:apiUrl", p.emulator.url);
  await p.pulumi("config", "set", "--secret", "compute:token", p.emulator.token);
  p.setProgram({ probed: { type: "compute:index:Vpc", properties: { region: "us-iad", label: "probed" } } });
  await p.control.injectFault({ status: 503, count: 10, method: "GET", path: "/profile" });
  const shown = await p.pulumi("preview");
  await p.control.clearFaults();
  expect(shown).toMatch(
    /compute:index:Vpc \(probed\):\n\s+compute: the API could not confirm the token at preview \(\[503\]/,
  );
  expect(shown).not.toMatch(/pulumi:pulumi:Stack \([^)]*\):\n\s+compute: the API could not confirm/);
});
