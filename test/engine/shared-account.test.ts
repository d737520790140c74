/**
 * Two stacks in one account through the real engine: the second declares the same labelled Vpc and
 * Instance as the first. It fails at preview naming the label and how to import, writes nothing,
 * adopts nothing, and its destroy leaves the first stack's objects alone.
 */
import * as compute from "pulumi-compute";
import { collect } from "../../src/client";
import { instanceEndpoints, vpcEndpoints } from "../../src/contract";
import { instanceProgram } from "../../examples/instance";
import { IMAGE, ROOT_PASS } from "../support/compute";
import { engineStack, failure, type EngineStack } from "./harness";

jest.setTimeout(180_000);

let first: EngineStack;
let second: EngineStack;

/** The same program in both stacks: a VPC and a server, each with a unique label (or only one of them). */
function program(parts: ("vpc" | "web")[] = ["vpc", "web"]) {
  return async () => {
    const outputs: Record<string, unknown> = {};
    if (parts.includes("vpc")) {
      outputs.vpcId = new compute.Vpc("net", {
        region: "us-iad",
        label: "legacy-net",
        description: "shared",
      }).id;
    }
    if (parts.includes("web")) {
      const { instance } = instanceProgram({
        name: "web",
        region: "us-iad",
        type: "g6-standard-1",
        label: "legacy-web",
        image: IMAGE,
        rootPass: ROOT_PASS,
      });
      outputs.webId = instance.id;
    }
    return outputs;
  };
}

const vpcs = () => collect(first.client.each(vpcEndpoints.listVpcs));
const instances = () => collect(first.client.each(instanceEndpoints.listInstances));

beforeAll(async () => {
  first = await engineStack("shared-first");
  first.emulator.clock.setScale(20);
  second = await engineStack("shared-second", { emulator: first.emulator });
  first.setProgram(program());
  second.setProgram(program());
});
afterAll(async () => {
  await second?.dispose();
  await first?.dispose();
});

test("the first stack creates the VPC and the server", async () => {
  const result = await first.stack.up();
  expect(result.summary.resourceChanges).toEqual({ create: 3 });
});

test("the second stack fails at preview, naming each label, how to import it, and writes nothing", async () => {
  const [vpc] = await vpcs();
  const [web] = await instances();
  await first.control.clearRequests();
  // The engine stops at the first failing check: one resource at a time.
  second.setProgram(program(["vpc"]));
  const vpcFailure = await failure(second.stack.preview());
  expect(vpcFailure?.message).toContain(
    `a Vpc labelled "legacy-net" already exists (${vpc!.id}) and is not this stack's; ` +
      `to manage it here, add { import: "${vpc!.id}" } to this resource, or choose another label`,
  );
  expect(vpcFailure?.message).not.toMatch(/\n\s+at /);
  second.setProgram(program(["web"]));
  const webFailure = await failure(second.stack.preview());
  expect(webFailure?.message).toContain(
    `an Instance labelled "legacy-web" already exists (${web!.id}) and is not this stack's; ` +
      `to manage it here, add { import: "${web!.id}" } to this resource, or choose another label`,
  );
  expect(await second.writes()).toEqual([]);
  second.setProgram(program());
});

test("its up fails the same way, creates nothing and adopts nothing", async () => {
  await first.control.clearRequests();
  const { failed, shown } = await second.failingUp();
  expect(failed).toBeDefined();
  expect(shown).toMatch(/(a Vpc labelled "legacy-net"|an Instance labelled "legacy-web") already exists/);
  expect(shown).not.toContain("adopted");
  expect(await second.writes()).toEqual([]);
  expect(await vpcs()).toHaveLength(1);
  expect(await instances()).toHaveLength(1);
});

/** The second stack takes the first stack's objects in with the import option (kept on destroy). */
function importing(description: string, withOption = true) {
  return async () => {
    const [vpc] = await vpcs();
    const [web] = await instances();
    const opts = (id: number) => ({ retainOnDelete: true, ...(withOption ? { import: String(id) } : {}) });
    const net = new compute.Vpc("net", { region: "us-iad", label: "legacy-net", description }, opts(vpc!.id));
    const server = new compute.Instance(
      "web",
      { region: "us-iad", type: "g6-standard-1", label: "legacy-web", image: IMAGE, tags: ["other"] },
      opts(web!.id),
    );
    return { vpcId: net.id, webId: server.id };
  };
}

test("the import option fails at preview naming each input the program says otherwise, writing nothing", async () => {
  const [vpc] = await vpcs();
  const [web] = await instances();
  await first.control.clearRequests();
  second.setProgram(importing("renamed"));
  const err = await failure(second.stack.preview());
  expect(err?.message).toMatch(
    new RegExp(
      `description: the imported Vpc ${vpc!.id} holds "shared", the program says "renamed"|` +
        `tags: the imported Instance ${web!.id} holds \\[\\], the program says \\["other"\\]`,
    ),
  );
  expect(err?.message).not.toMatch(/\n\s+at /);
  expect(await second.writes()).toEqual([]);
});

test("with the inputs the objects hold, up imports them writing nothing; removing the option is no change", async () => {
  const [web] = await instances();
  await first.client.api.updateInstance({ params: { computeId: web!.id }, body: { tags: ["other"] } });
  second.setProgram(importing("shared"));
  await first.control.clearRequests();
  const result = await second.stack.up();
  // The stack resource itself exists since the failed up.
  expect(result.summary.resourceChanges).toMatchObject({ create: 2 });
  expect(await second.writes()).toEqual([]);
  expect(result.outputs.webId!.value).toBe(String(web!.id));
  second.setProgram(importing("shared", false));
  await second.stack.preview({ expectNoChanges: true });
  await first.client.api.updateInstance({ params: { computeId: web!.id }, body: { tags: [] } });
  await second.stack.refresh();
  second.setProgram(program());
});

test("its destroy leaves the first stack's objects; the first stack sees no change", async () => {
  await first.control.clearRequests();
  await second.stack.destroy();
  expect(await second.writes()).toEqual([]);
  expect(await vpcs()).toHaveLength(1);
  expect((await instances()).map((i) => i.status)).toEqual(["running"]);
  await first.stack.preview({ expectNoChanges: true });
  await first.stack.refresh({ expectNoChanges: true });
});

test("the first stack's destroy empties the account", async () => {
  await first.stack.destroy();
  expect(await vpcs()).toEqual([]);
  expect(await instances()).toEqual([]);
});
