/**
 * A change of the provider's settings, in the plugin form (Pulumi YAML, the real CLI), for the
 * default provider (stack config) and an explicit one (its arguments): the same account at another
 * address and a new token change no resource; an `apiUrl` that reaches another account replaces the
 * provider, so its resources are made on the new account and deleted from the old one.
 */
import { ComputeClient, collect } from "../../../src/client";
import { vpcEndpoints } from "../../../src/contract";
import { startEmulator, type Emulator } from "../../../src/emulator";
import { opsOf, yamlProject, type YamlProject } from "./yaml-project";

jest.setTimeout(300_000);

let p: YamlProject;
let other: Emulator;

const labels = async (client: ComputeClient) =>
  (await collect(client.each(vpcEndpoints.listVpcs))).map((v) => v.label).sort();

async function point(url: string, token: string) {
  // The four settings in one command (the tokens encrypted, as `config set --secret` does).
  await p.pulumi(
    "config",
    "set-all",
    "--plaintext",
    `compute:apiUrl=${url}`,
    "--secret",
    `compute:token=${token}`,
    "--plaintext",
    `sideUrl=${url}`,
    "--secret",
    `sideToken=${token}`,
  );
}

beforeAll(async () => {
  p = await yamlProject("yaml-settings", { speed: 20 });
  other = await startEmulator({ owner: "someone-else" });
  p.setProgram({
    side: { type: "pulumi:providers:compute", properties: { apiUrl: "${sideUrl}", token: "${sideToken}" } },
    net: { type: "compute:index:Vpc", properties: { region: "us-iad", label: "yaml-settings-net" } },
    aside: {
      type: "compute:index:Vpc",
      properties: { region: "us-iad", label: "yaml-settings-aside" },
      options: { provider: "${side}" },
    },
  });
  await point(p.emulator.url, p.emulator.token);
  await p.pulumi("up", "--yes");
});

afterAll(async () => {
  await p?.dispose();
  await other?.close();
});

test("the same account at another address changes no resource", async () => {
  await point(p.emulator.url.replace("127.0.0.1", "localhost"), p.emulator.token);
  // `preview --json` lists no step for a resource that stays the same.
  const ops = opsOf(await p.previewJson());
  expect([ops.net ?? "same", ops.aside ?? "same"]).toEqual(["same", "same"]);
  await p.control.clearRequests();
  await p.pulumi("up", "--yes");
  expect(await p.writes()).toEqual([]);
  expect(await labels(p.client)).toEqual(["yaml-settings-aside", "yaml-settings-net"]);
});

test("a new token of the same account changes no resource", async () => {
  const made = await p.client.api.createProfileToken({ body: { label: "second", scopes: "*" } });
  await point(p.emulator.url, made.token!);
  // `preview --json` lists no step for a resource that stays the same.
  const ops = opsOf(await p.previewJson());
  expect([ops.net ?? "same", ops.aside ?? "same"]).toEqual(["same", "same"]);
  // The explicit provider's arguments are updated; no resource is written.
  await p.control.clearRequests();
  await p.pulumi("up", "--yes");
  expect(await p.writes()).toEqual([]);
});

test("recoveryMarks false: a create is its POST alone, through the default provider and an explicit one", async () => {
  const program = (marks: boolean) => ({
    side: {
      type: "pulumi:providers:compute",
      // An explicit provider marks with the key it is given (the default one, with its own nonce).
      properties: {
        apiUrl: "${sideUrl}",
        token: "${sideToken}",
        recoveryKey: "0123456789abcdef0123456789abcdef",
        ...(marks ? {} : { recoveryMarks: false }),
      },
    },
    net: { type: "compute:index:Vpc", properties: { region: "us-iad", label: "yaml-settings-net" } },
    aside: {
      type: "compute:index:Vpc",
      properties: { region: "us-iad", label: "yaml-settings-aside" },
      options: { provider: "${side}" },
    },
    [marks ? "marked" : "unmarked"]: {
      type: "compute:index:Vpc",
      properties: {
        region: "us-iad",
        label: marks ? "yaml-settings-x" : "yaml-settings-x2",
        description: "kept",
      },
    },
    [marks ? "marked-aside" : "unmarked-aside"]: {
      type: "compute:index:Vpc",
      properties: { region: "us-iad", label: marks ? "yaml-settings-y" : "yaml-settings-y2" },
      options: { provider: "${side}" },
    },
  });
  const posts = (writes: string[]) => writes.filter((w) => w.startsWith("POST")).length;
  try {
    // Marks on (the default): each create's mark is taken off by a PUT.
    p.setProgram(program(true));
    await p.control.clearRequests();
    await p.pulumi("up", "--yes");
    let writes = await p.writes();
    expect([posts(writes), writes.filter((w) => w.startsWith("PUT")).length]).toEqual([2, 2]);
    // Off, in the stack's config and in the explicit provider's arguments: a setting the preview takes,
    // no resource replaced, and each create its POST alone (the delete of the ones before aside).
    await p.pulumi("config", "set", "compute:recoveryMarks", "false");
    p.setProgram(program(false));
    const ops = opsOf(await p.previewJson());
    expect([ops.net ?? "same", ops.aside ?? "same", ops.unmarked, ops["unmarked-aside"]]).toEqual([
      "same",
      "same",
      "create",
      "create",
    ]);
    await p.control.clearRequests();
    await p.pulumi("up", "--yes");
    writes = await p.writes();
    expect(writes.filter((w) => !w.startsWith("DELETE"))).toEqual(["POST /vpcs", "POST /vpcs"]);
    const vpcs = await collect(p.client.each(vpcEndpoints.listVpcs));
    expect(vpcs.find((v) => v.label === "yaml-settings-x2")?.description).toBe("kept");
  } finally {
    // Back to the stack of the other tests.
    await p.pulumi("config", "rm", "compute:recoveryMarks");
    const { side, net, aside } = program(true);
    p.setProgram({
      side: { ...side, properties: { apiUrl: "${sideUrl}", token: "${sideToken}" } },
      net,
      aside,
    });
    await p.pulumi("up", "--yes");
  }
});

test("an apiUrl that reaches another account replaces the resources there, and leaves none behind", async () => {
  await point(other.url, other.token);
  const preview = await p.previewJson();
  const replaced = preview.steps.filter((s) => s.op === "replace").map((s) => s.urn.split("::").at(-1));
  // The explicit provider is replaced too; the default one is no step of its own.
  expect(replaced.sort()).toEqual(["aside", "net", "side"]);
  await p.pulumi("up", "--yes");
  const there = new ComputeClient({ baseUrl: other.url, token: other.token, retry: { retries: 0 } });
  expect(await labels(there)).toEqual(["yaml-settings-aside", "yaml-settings-net"]);
  expect(await labels(p.client)).toEqual([]);
  await p.pulumi("preview", "--expect-no-changes");
  await p.pulumi("destroy", "--yes");
  expect(await labels(there)).toEqual([]);
});
