/**
 * Pulumi habits through the real engine:
 * - `pulumi up --replace` makes a new object and deletes the old one, for a resource holding a
 *   unique label (Vpc, Subnet, a labelled Instance: delete-first, with or without the program's own
 *   `deleteBeforeReplace`) and for the others (InstanceDisk, SshKey);
 * - a refused token or an API that cannot be reached fails the preview naming the setting, and a
 *   transient answer skips that check with one line;
 * - `customTimeouts` limit a create's wait, named when it runs out, and the next `up` continues
 *   from there with no second object.
 */
import * as compute from "pulumi-compute";
import { IMAGE, ROOT_PASS } from "../support/compute";
import { engineStack, failure, type EngineStack } from "./harness";

jest.setTimeout(600_000);

const KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKDSTJytVMZjpgr0oN150LkYvRDeA7o4HmZMj9WR09/8 ci@example";

describe("pulumi up --replace", () => {
  let e: EngineStack;

  const program = async () => {
    const net = new compute.Vpc("net", { region: "us-iad", label: "habits-net" });
    new compute.Vpc("kept", { region: "us-iad", label: "habits-kept" }, { deleteBeforeReplace: true });
    new compute.Subnet("app", { vpcId: net.id, label: "app", ipv4: "10.0.1.0/24" });
    new compute.SshKey("key", { label: "habits-key", sshKey: KEY });
    new compute.Instance("web", {
      region: "us-iad",
      type: "g6-nanode-1",
      label: "habits-web",
      image: IMAGE,
      rootPass: ROOT_PASS,
    });
    const db = new compute.Instance("db", { region: "us-iad", type: "g6-standard-1", label: "habits-db" });
    new compute.InstanceDisk("data", { computeId: db.id, label: "data", size: 1024, filesystem: "ext4" });
  };

  /** Each resource's URN and ID in the state, by name. */
  async function state(): Promise<Record<string, { urn: string; id: string }>> {
    const { deployment } = await e.stack.exportStack();
    const resources = deployment.resources as { urn: string; id?: string; type: string }[];
    return Object.fromEntries(
      resources
        .filter((r) => r.type.includes(":dynamic/compute:"))
        .map((r) => [r.urn.split("::").pop()!, { urn: r.urn, id: r.id! }]),
    );
  }

  /** Whether the API still has the object: every kind here reads at one path. */
  async function exists(name: string, id: string, parent?: string): Promise<boolean> {
    const paths: Record<string, string> = {
      net: `/vpcs/${id}`,
      kept: `/vpcs/${id}`,
      app: `/vpcs/${parent}/subnets/${id}`,
      key: `/profile/sshkeys/${id}`,
      web: `/compute/instances/${id}`,
      data: `/compute/instances/${parent}/disks/${id}`,
    };
    const status = await fetch(`${e.emulator.url}${paths[name]}`, {
      headers: { authorization: `Bearer ${e.emulator.token}` },
    }).then((r) => r.status);
    return status === 200;
  }

  beforeAll(async () => {
    e = await engineStack("habits-replace");
    e.emulator.clock.setScale(20);
    e.setProgram(program);
    await e.stack.up();
  });
  afterAll(async () => {
    await e?.stack.destroy();
    await e?.dispose();
  });

  test.each([
    ["net", "a Vpc with a unique label (delete-first by default)", undefined],
    ["kept", "a Vpc whose program sets deleteBeforeReplace", undefined],
    ["app", "a Subnet with a label unique in its VPC", "net"],
    ["web", "a labelled Instance", undefined],
    ["data", "an InstanceDisk", "db"],
    ["key", "an SshKey", undefined],
  ])(
    "%s, %s: a new object, the old one deleted, and a clean preview after",
    async (name, _what, parentName) => {
      const before = await state();
      const old = before[name]!;
      const parent = parentName ? before[parentName]!.id : undefined;
      await e.stack.up({ replace: [old.urn] });
      const now = (await state())[name]!;
      expect(now.id).not.toBe(old.id);
      expect(await exists(name, old.id, parent)).toBe(false);
      expect(await exists(name, now.id, parent)).toBe(true);
      await e.stack.preview({ expectNoChanges: true });
    },
  );
});

describe("credentials at preview", () => {
  let e: EngineStack;
  const program = async () => {
    new compute.Vpc("net", { region: "us-iad", label: "creds-net" });
  };

  beforeAll(async () => {
    e = await engineStack("habits-credentials");
    e.setProgram(program);
  });
  afterAll(async () => {
    await e?.dispose();
  });

  async function failingPreview(): Promise<string> {
    let shown = "";
    const failed = await failure(e.stack.preview({ onOutput: (out) => (shown += out) }));
    expect(failed).toBeDefined();
    return `${failed!.message}\n${shown}`;
  }

  test("a refused token fails the preview naming compute:token, never its value", async () => {
    await e.stack.setConfig("compute:token", { value: "a-wrong-token-value", secret: true });
    const shown = await failingPreview();
    expect(shown).toMatch(/compute:token is refused by http:\/\/127\.0\.0\.1:\d+\/v4: \[401\]/);
    expect(shown).not.toContain("a-wrong-token-value");
    expect(shown).not.toMatch(/\n\s+at /);
    await e.stack.setConfig("compute:token", { value: e.emulator.token, secret: true });
  });

  test("an API that cannot be reached fails it naming compute:apiUrl and the URL", async () => {
    const closed = "http://127.0.0.1:9/v4";
    await e.stack.setConfig("compute:apiUrl", { value: closed });
    const shown = await failingPreview();
    expect(shown).toContain(`compute:apiUrl ${closed} cannot be reached (ECONNREFUSED)`);
    await e.stack.setConfig("compute:apiUrl", { value: e.emulator.url });
  });

  test("a transient answer skips the check with one line, and the preview passes", async () => {
    await e.control.injectFault({ status: 503, count: 10, method: "GET", path: "/profile" });
    let shown = "";
    await e.stack.preview({ onOutput: (out) => (shown += out) });
    expect(shown).toContain("could not confirm the token at preview ([503]");
    await e.control.clearFaults();
  });
});

describe("customTimeouts", () => {
  let e: EngineStack;
  const server = (create: string) => async () => {
    new compute.Instance(
      "slow",
      { region: "us-iad", type: "g6-nanode-1", label: "habits-slow", image: IMAGE, rootPass: ROOT_PASS },
      { customTimeouts: { create } },
    );
  };

  beforeAll(async () => {
    e = await engineStack("habits-timeouts");
  });
  afterAll(async () => {
    await e?.dispose();
  });

  test("a create that takes longer than customTimeouts.create fails naming it; the next up continues", async () => {
    await e.control.timings({ "instance.create": 4_000 });
    e.setProgram(server("2s"));
    const { failed, shown } = await e.failingUp();
    expect(failed).toBeDefined();
    expect(shown).toMatch(/did not become running within \d+s .*raise customTimeouts\.create to wait longer/);
    expect(shown).toContain("the next `pulumi up` continues from here");
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await e.stack.up();
    const instances = (await e.client.api.listInstances()).data;
    expect(instances.map((i) => [i.label, i.status])).toEqual([["habits-slow", "running"]]);
    await e.stack.preview({ expectNoChanges: true });
    await e.stack.destroy();
  });
});
