/** `/account/events` (beyond the spec) against the running emulator, through our client. */
import { collect } from "../../../src/client";
import { eventEndpoints, type EventRecord, type ListFilter } from "../../../src/contract";
import { openApiDocument } from "../../../src/emulator/openapi";
import { createBody, settle } from "../../support/compute";
import { apiError, useEmulator } from "../../support/emulator";

const t = useEmulator();
const DAY = 24 * 60 * 60 * 1000;

const events = async (filter?: ListFilter) => (await t.client.api.listEvents({ filter })).data;
const event = (eventId: number) => t.client.api.getEvent({ params: { eventId } });

/** Boots an offline instance deployed from an image; returns it and its compute_boot event. */
async function bootedOffline() {
  const made = await t.client.api.createInstance({ body: createBody({ booted: false }) as never });
  await settle(t);
  await t.client.api.bootInstance({ params: { computeId: made.id } });
  const [boot] = await events({ action: "compute_boot", "entity.id": made.id, "entity.type": "compute" });
  return { made, boot: boot! };
}

describe("GET /account/events", () => {
  it("lists a VPC create's events newest first, in the real record shape", async () => {
    const vpc = await t.client.api.createVpc({
      body: {
        label: "net",
        region: "us-iad",
        subnets: [
          { label: "a", ipv4: "10.0.1.0/24" },
          { label: "b", ipv4: "10.0.2.0/24" },
        ],
      },
    });
    const list = await t.client.api.listEvents();
    expect(list).toMatchObject({ page: 1, pages: 1, results: 3 });
    expect(list.data.map((e) => [e.action, e.entity?.label])).toEqual([
      ["subnet_create", "b"],
      ["subnet_create", "a"],
      ["vpc_create", "net"],
    ]);
    const created = list.data[2]!;
    expect(Object.keys(created).sort()).toEqual(
      [
        "id",
        "action",
        "created",
        "duration",
        "entity",
        "secondary_entity",
        "percent_complete",
        "rate",
        "read",
        "seen",
        "status",
        "time_remaining",
        "username",
        "message",
      ].sort(),
    );
    expect(created).toMatchObject({
      entity: { id: vpc.id, label: "net", type: "vpc", url: `/v4/vpcs/${vpc.id}` },
      secondary_entity: null,
      status: "notification",
      percent_complete: null,
      read: false,
      seen: false,
      username: expect.any(String),
    });
    expect(list.data[0]!.id).toBeGreaterThan(list.data[2]!.id);
  });

  it("shows an instance create as started until its job has run on the emulator clock, then finished", async () => {
    const made = await t.client.api.createInstance({ body: createBody() as never });
    const [started] = await events({ action: "compute_create", "entity.id": made.id });
    expect(started).toMatchObject({
      status: "started",
      percent_complete: 0,
      entity: { id: made.id, type: "compute", url: `/v4/compute/instances/${made.id}` },
      secondary_entity: { id: "compute/debian12", type: "image" },
    });
    await settle(t);
    const finished = await event(started!.id);
    expect(finished).toMatchObject({ status: "finished", percent_complete: 100, time_remaining: 0 });
    expect(finished.duration).toBeGreaterThan(0);
  });

  it("moves a boot from started to finished when the boot's duration has passed", async () => {
    const { made, boot } = await bootedOffline();
    expect(boot).toMatchObject({
      status: "started",
      entity: { id: made.id },
      secondary_entity: { type: "compute_config" },
    });
    const bootMs = (await t.control.timings())["instance.boot"]!;
    await t.control.clock({ advance_ms: bootMs - 1000 });
    expect((await event(boot.id)).status).toBe("started");
    await t.control.clock({ advance_ms: 1000 });
    const done = await event(boot.id);
    expect(done).toMatchObject({ status: "finished", percent_complete: 100, time_remaining: 0 });
    // Seconds from `created` (to the second) until the job ran: the boot's duration, give or take.
    expect(done.duration).toBeGreaterThanOrEqual(bootMs / 1000);
    expect(done.duration).toBeLessThan(bootMs / 1000 + 2);
  });

  it("records an instance delete as compute_delete, finished once the instance is gone", async () => {
    const made = await t.client.api.createInstance({ body: createBody({ label: "doomed" }) as never });
    await settle(t);
    // As linodego's poller (and the Terraform provider through it) finds the delete's event.
    const filter: ListFilter = {
      "+order": "desc",
      "+order_by": "created",
      action: "compute_delete",
      "entity.id": made.id,
      "entity.type": "compute",
    };
    expect(await events(filter)).toEqual([]);
    await t.client.api.deleteInstance({ params: { computeId: made.id } });
    await apiError(t.client.api.getInstance({ params: { computeId: made.id } }), 404);
    const [deleted] = await events(filter);
    const record = await event(deleted!.id);
    expect(record).toMatchObject({
      action: "compute_delete",
      status: "finished",
      percent_complete: 100,
      time_remaining: 0,
      entity: { id: made.id, label: "doomed", type: "compute", url: `/v4/compute/instances/${made.id}` },
      secondary_entity: null,
      username: expect.any(String),
    });
    // The emulator deletes at once: seconds from `created` (to the second) until the same request.
    expect(record.duration).toBeLessThan(1);
    expect(await events({ action: "compute_delete" })).toHaveLength(1);
  });

  it("fails what the instance was doing when it is deleted, and finishes the delete", async () => {
    const { made, boot } = await bootedOffline();
    await t.client.api.deleteInstance({ params: { computeId: made.id } });
    expect((await event(boot.id)).status).toBe("failed");
    const [deleted] = await events({ action: "compute_delete", "entity.id": made.id });
    expect(deleted).toMatchObject({ status: "finished", entity: { id: made.id } });
  });

  it("filters by entity and action as linodego waits for an event", async () => {
    const { made, boot } = await bootedOffline();
    await t.client.api.createInstance({ body: createBody() as never });
    const found = await events({
      "+order": "desc",
      "+order_by": "created",
      action: "compute_boot",
      "entity.id": made.id,
      "entity.type": "compute",
    });
    expect(found.map((e) => e.id)).toEqual([boot.id]);
    const later = await events({
      "+order": "desc",
      "+order_by": "created",
      action: "compute_boot",
      created: { "+gte": boot.created },
      "entity.id": made.id,
      "entity.type": "compute",
      id: { "+gte": boot.id },
    });
    expect(later.map((e) => e.id)).toEqual([boot.id]);
    expect(await events({ action: "compute_boot", id: { "+gt": boot.id } })).toEqual([]);
    const creates = await events({ action: "compute_create", read: false });
    expect(creates).toHaveLength(2);
    const all = await collect(
      t.client.each(eventEndpoints.listEvents, { filter: { "entity.type": "compute" } }),
    );
    expect(all.every((e: EventRecord) => e.entity?.type === "compute")).toBe(true);
  });

  it("answers one event by ID, 404 for an unknown or malformed one", async () => {
    await t.client.api.createVpc({ body: { label: "one", region: "us-iad" } });
    const [first] = await events();
    await expect(event(first!.id)).resolves.toEqual(first);
    await apiError(event(first!.id + 1000), 404);
    const res = await fetch(`${t.emulator.url}/account/events/abc`, {
      headers: { Authorization: `Bearer ${t.emulator.token}` },
    });
    expect(res.status).toBe(404);
  });

  it("needs events:read_only", async () => {
    const { token } = await t.control.seedUser({ username: "no-events", scopes: "computes:read_only" });
    const err = await apiError(t.clientFor(token).api.listEvents(), 401);
    expect(err.errors[0]!.reason).toMatch(/not authorized/);
    await apiError(t.clientFor(token).api.getEvent({ params: { eventId: 1 } }), 401);
    const reader = await t.control.seedUser({ username: "reader", scopes: "events:read_only" });
    await expect(t.clientFor(reader.token).api.listEvents()).resolves.toMatchObject({ results: 0 });
  });

  it("shows restricted users their own events and those on entities they hold a grant for", async () => {
    const seen = await t.client.api.createVpc({ body: { label: "seen", region: "us-iad" } });
    const hidden = await t.client.api.createVpc({ body: { label: "hidden", region: "us-iad" } });
    const user = await t.control.seedUser({
      username: "limited",
      restricted: true,
      grants: { global: { add_vpcs: true }, vpc: [{ id: seen.id, permissions: "read_only" }] },
    });
    const limited = t.clientFor(user.token);
    const mine = await limited.api.createVpc({ body: { label: "mine", region: "us-iad" } });
    const listed = (await limited.api.listEvents()).data;
    expect(listed.map((e) => e.entity?.id)).toEqual([mine.id, seen.id]);
    const [hiddenEvent] = await events({ "entity.id": hidden.id });
    await apiError(limited.api.getEvent({ params: { eventId: hiddenEvent!.id } }), 404);
    expect((await events()).length).toBe(3);
  });

  it("lists the past 90 days; older events stay readable by ID", async () => {
    await t.client.api.createVpc({ body: { label: "old", region: "us-iad" } });
    const [old] = await events();
    await t.control.clock({ advance_ms: 91 * DAY });
    expect(await events()).toEqual([]);
    await expect(event(old!.id)).resolves.toMatchObject({ action: "vpc_create" });
  });

  it("is marked beyond the spec in the OpenAPI document, with its filterable fields", () => {
    const doc = openApiDocument("/v4") as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const list = doc.paths["/account/events"].get;
    expect(list).toMatchObject({
      "x-beyond-spec": true,
      "x-filterable": ["id", "action", "created", "entity.id", "entity.type", "read"],
    });
    expect(list.parameters).toContainEqual(expect.objectContaining({ name: "X-Filter", in: "header" }));
    expect(doc.paths["/account/events/{eventId}"].get["x-beyond-spec"]).toBe(true);
  });
});
