/** Helpers of the compute conformance tests: deploy bodies, settling lifecycles on the emulator clock, seed rows. */
import type { Instance } from "../../src/contract";
import type { ImageRow, StackScriptRow } from "../../src/emulator/state";
import type { EmulatorFixture } from "./emulator";

export const ROOT_PASS = "Sup3r-secret!";
export const IMAGE = "compute/debian12";

/** Moves the emulator clock past every default lifecycle duration; due jobs run on the next request. */
export async function settle(t: EmulatorFixture, ms = 120_000) {
  await t.control.clock({ advance_ms: ms });
}

export function createBody(overrides: Record<string, unknown> = {}) {
  return { region: "us-iad", type: "g6-standard-1", image: IMAGE, root_pass: ROOT_PASS, ...overrides };
}

/** An instance deployed from an image and settled (running unless `booted: false`). */
export async function deployed(
  t: EmulatorFixture,
  overrides: Record<string, unknown> = {},
): Promise<Instance> {
  const created = await t.client.api.createInstance({ body: createBody(overrides) as never });
  await settle(t);
  return t.client.api.getInstance({ params: { computeId: created.id } });
}

/** An empty (offline, no disks or configs) instance. */
export function empty(t: EmulatorFixture, overrides: Record<string, unknown> = {}): Promise<Instance> {
  return t.client.api.createInstance({
    body: { region: "us-iad", type: "g6-standard-1", ...overrides } as never,
  });
}

export async function status(t: EmulatorFixture, id: number) {
  return (await t.client.api.getInstance({ params: { computeId: id } })).status;
}

/** A private image row (`private/<id>`) of the account owner. */
export function seedImage(t: EmulatorFixture, fields: Partial<ImageRow> = {}): string {
  const store = t.emulator.store;
  const row: ImageRow = {
    id: store.nextId("image"),
    user_id: 1,
    label: "golden",
    description: null,
    capabilities: [],
    created: "2024-01-01T00:00:00",
    updated: "2024-01-01T00:00:00",
    created_by: "owner",
    deprecated: false,
    eol: null,
    expiry: null,
    is_public: false,
    size: 2000,
    status: "available",
    type: "manual",
    vendor: null,
    region: null,
    ...fields,
  };
  store.table("images").put(row);
  return `private/${row.id}`;
}

export function seedStackScript(t: EmulatorFixture, fields: Partial<StackScriptRow> = {}): number {
  const store = t.emulator.store;
  const row: StackScriptRow = {
    id: store.nextId("stackscript"),
    user_id: 1,
    label: "setup",
    description: "",
    images: [IMAGE],
    script: "#!/bin/bash\necho hi\n",
    rev_note: "",
    is_public: false,
    deployments_total: 0,
    deployments_active: 0,
    created: "2024-01-01T00:00:00",
    updated: "2024-01-01T00:00:00",
    ...fields,
  };
  store.table("stackscripts").put(row);
  return row.id;
}

/** The instance reads the emulator logged since its log was cleared: listings and GETs by ID. */
export async function instanceReads(t: EmulatorFixture) {
  const log = (await t.control.requests()).filter((r) => r.method === "GET");
  return {
    lists: log.filter((r) => r.path === "/compute/instances").length,
    single: log.filter((r) => /^\/compute\/instances\/\d+$/.test(r.path)).length,
  };
}
