/**
 * An explicit provider whose `apiUrl` is another resource's output, in the plugin form (Pulumi YAML,
 * the real CLI): at the first preview the URL is not known, so the preview checks what is known and
 * previews the provider's resources without a request to its API; `up` makes them there.
 */
import { ComputeClient, ControlClient, collect } from "../../../src/client";
import { vpcEndpoints } from "../../../src/contract";
import { startEmulator, type Emulator } from "../../../src/emulator";
import { opsOf, yamlProject, type YamlProject } from "./yaml-project";

jest.setTimeout(300_000);

let p: YamlProject;
let other: Emulator;

/** `sideUrl`, with `net`'s ID after a `|` and taken off again: the same URL, known once `net` is made. */
const afterNet = { "fn::select": [0, { "fn::split": ["|", "${sideUrl}|${net.id}"] }] };

const program = (apiUrl: unknown) => ({
  side: { type: "pulumi:providers:compute", properties: { apiUrl, token: "${sideToken}" } },
  net: { type: "compute:index:Vpc", properties: { region: "us-iad", label: "unknown-settings-net" } },
  aside: {
    type: "compute:index:Vpc",
    properties: { region: "us-iad", label: "unknown-settings-aside" },
    options: { provider: "${side}" },
  },
});

beforeAll(async () => {
  p = await yamlProject("unknown-settings", { speed: 20 });
  other = await startEmulator({ owner: "someone-else" });
  await p.pulumi(
    "config",
    "set-all",
    "--plaintext",
    `sideUrl=${other.url}`,
    "--secret",
    `sideToken=${other.token}`,
  );
});

afterAll(async () => {
  await p?.dispose();
  await other?.close();
});

test("a provider whose apiUrl is not known at preview previews its resources without asking its API", async () => {
  p.setProgram(program(afterNet));
  const control = new ControlClient(other.controlUrl);
  await control.clearRequests();
  const ops = opsOf(await p.previewJson());
  expect([ops.side, ops.net, ops.aside]).toEqual(["create", "create", "create"]);
  expect(await control.requests()).toEqual([]);
});

test("what is known of its settings is still checked", async () => {
  const side = {
    type: "pulumi:providers:compute",
    properties: { apiUrl: "api.example.com", token: "${net.id}" },
  };
  p.setProgram({ ...program(afterNet), side });
  const shown = await p.failing("preview");
  expect(shown).toContain("`apiUrl` must be the API's base URL, such as https://api.example.com/v4");
});

test("up makes its resources on the API the URL names once it is known", async () => {
  p.setProgram(program(afterNet));
  await p.pulumi("up", "--yes");
  const there = new ComputeClient({ baseUrl: other.url, token: other.token, retry: { retries: 0 } });
  const labels = (await collect(there.each(vpcEndpoints.listVpcs))).map((v) => v.label);
  expect(labels).toEqual(["unknown-settings-aside"]);
  await p.pulumi("preview", "--expect-no-changes");
  await p.pulumi("destroy", "--yes");
  expect(await collect(there.each(vpcEndpoints.listVpcs))).toEqual([]);
});
