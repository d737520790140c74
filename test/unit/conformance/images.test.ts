/** Images (list, view, update, delete, capture) against the running emulator, through our client. */
import { collect } from "../../../src/client";
import { imageEndpoints, type ImageUploadRequest } from "../../../src/contract";
import { findImage, isDeployable } from "../../../src/emulator/models/image-records";
import { apiError, badRequest, useEmulator } from "../../support/emulator";
import { rawRequest } from "../../support/raw-http";

const t = useEmulator();
/** Longer than every default lifecycle (instance create, disk capture). */
const CAPTURE = 120_000;
const deployBody = () => ({
  region: "us-iad",
  type: "g6-standard-1",
  image: "compute/debian12",
  root_pass: "Sup3r-secret!",
});
const disksOf = (computeId: number) =>
  t.emulator.store.table("disks").filter((d) => d.compute_id === computeId);

/** An instance deployed from an image, settled, and its first (image) disk. */
async function deployedDisk() {
  const instance = await t.client.api.createInstance({ body: deployBody() as never });
  await t.control.clock({ advance_ms: CAPTURE });
  await t.client.api.getInstance({ params: { computeId: instance.id } });
  return { instance, disk: disksOf(instance.id).find((d) => d.filesystem !== "swap")! };
}
const upload = (body: Partial<ImageUploadRequest> = {}, client = t.client) =>
  client.api.uploadImage({ body: { label: "my-image", region: "us-iad", ...body } });

describe("visibility and auth", () => {
  it("serves public images without a token, and no private ones", async () => {
    await upload();
    const listed = await collect(t.anonymous.each(imageEndpoints.listImages));
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((i) => i.is_public && i.id.startsWith("compute/"))).toBe(true);
    await expect(
      t.anonymous.api.getImage({ params: { imageId: "compute/debian12" } }),
    ).resolves.toMatchObject({
      id: "compute/debian12",
      is_public: true,
      created_by: "compute",
      status: "available",
    });
  });

  it("lists the account's private images (private/<n>) with a token", async () => {
    const { image } = await upload();
    expect(image.id).toMatch(/^private\/\d+$/);
    const listed = await collect(t.client.each(imageEndpoints.listImages));
    expect(listed.filter((i) => !i.is_public).map((i) => i.id)).toEqual([image.id]);
    await expect(t.client.api.getImage({ params: { imageId: image.id } })).resolves.toEqual(image);
    await apiError(t.anonymous.api.getImage({ params: { imageId: image.id } }), 404);
  });

  it("needs images:read_only with a token, and computes:read_only besides images:read_write to capture", async () => {
    const other = await t.control.seedUser({ username: "vpc-only", scopes: "vpc:read_only" });
    await apiError(t.clientFor(other.token).api.listImages(), 401);
    const writer = await t.control.seedUser({ username: "img", scopes: "images:read_write" });
    const client = t.clientFor(writer.token);
    await expect(upload({}, client)).resolves.toMatchObject({ image: { status: "pending_upload" } });
    const err = await apiError(client.api.createImage({ body: { disk_id: 1 } }), 401);
    expect(err.errors[0]!.reason).toMatch(/not authorized/);
  });

  it("answers 401 to an invalid token even where a token is optional", async () => {
    await apiError(t.clientFor("nope").api.listImages(), 401);
  });
});

describe("grants of restricted users", () => {
  it("needs add_images to upload, then grants read_write on the new image only", async () => {
    const denied = await t.control.seedUser({ username: "r1", restricted: true });
    await apiError(upload({}, t.clientFor(denied.token)), 403);

    const owners = await upload({ label: "owners" });
    const allowed = await t.control.seedUser({
      username: "r2",
      restricted: true,
      grants: { global: { add_images: true } },
    });
    const client = t.clientFor(allowed.token);
    const { image } = await upload({ label: "mine" }, client);
    const privateIds = (await collect(client.each(imageEndpoints.listImages)))
      .filter((i) => !i.is_public)
      .map((i) => i.id);
    expect(privateIds).toEqual([image.id]);
    await apiError(client.api.getImage({ params: { imageId: owners.image.id } }), 404);
    await expect(
      client.api.updateImage({ params: { imageId: image.id }, body: { label: "mine-2" } }),
    ).resolves.toMatchObject({ label: "mine-2", created_by: "r2" });
  });

  it("answers 403 to a write with a read_only grant", async () => {
    const { image } = await upload();
    const rowId = Number(image.id.split("/")[1]);
    const { token } = await t.control.seedUser({
      username: "r3",
      restricted: true,
      grants: { image: [{ id: rowId, permissions: "read_only", label: "my-image" }] } as never,
    });
    const client = t.clientFor(token);
    await expect(client.api.getImage({ params: { imageId: image.id } })).resolves.toMatchObject({
      id: image.id,
    });
    await apiError(client.api.updateImage({ params: { imageId: image.id }, body: { label: "x" } }), 403);
    await apiError(client.api.deleteImage({ params: { imageId: image.id } }), 403);
  });
});

describe("public images", () => {
  it("cannot be updated or deleted (403)", async () => {
    const params = { imageId: "compute/debian12" };
    const err = await apiError(t.client.api.updateImage({ params, body: { label: "mine" } }), 403);
    expect(err.errors[0]!.reason).toMatch(/Public images/);
    await apiError(t.client.api.deleteImage({ params }), 403);
    await expect(t.client.api.getImage({ params })).resolves.toMatchObject({ label: "Debian 12" });
  });
});

describe("updates and deletes", () => {
  it("updates label and description; description may be null", async () => {
    const { image } = await upload({ description: "first" });
    expect(image.description).toBe("first");
    const params = { imageId: image.id };
    await expect(
      t.client.api.updateImage({ params, body: { label: "renamed", description: "d".repeat(65000) } }),
    ).resolves.toMatchObject({ label: "renamed", description: "d".repeat(65000) });
    await expect(t.client.api.updateImage({ params, body: { description: null } })).resolves.toMatchObject({
      label: "renamed",
      description: null,
    });
  });

  it.each([
    ["description", { description: "" }, /1\.\.65000/],
    ["description", { description: "d".repeat(65001) }, /1\.\.65000/],
    ["label", { label: "" }, /label must be/],
  ])("PUT rejects %s: %j", async (field, body, reason) => {
    const { image } = await upload();
    await badRequest(t.client.api.updateImage({ params: { imageId: image.id }, body }), field, reason);
  });

  it("deletes a private image and answers {}", async () => {
    const { image } = await upload();
    await expect(t.client.api.deleteImage({ params: { imageId: image.id } })).resolves.toEqual({});
    await apiError(t.client.api.getImage({ params: { imageId: image.id } }), 404);
    await apiError(t.client.api.deleteImage({ params: { imageId: image.id } }), 404);
  });

  it("records image_update and image_delete with the image as entity", async () => {
    const { image } = await upload();
    await t.client.api.updateImage({ params: { imageId: image.id }, body: { label: "b" } });
    await t.client.api.deleteImage({ params: { imageId: image.id } });
    const events = await t.control.events({ entity_type: "image" });
    expect(events.map((e) => e.action)).toEqual(["image_update", "image_delete"]);
    expect(events[0]).toMatchObject({
      entity: { id: image.id, label: "b", url: `/v4/images/${image.id}` },
      username: "owner",
    });
  });
});

describe("path-escaped IDs (raw HTTP: clients escape the slash, compute%2Fdebian12)", () => {
  const raw = async (method: string, path: string, body?: unknown) => {
    const answer = await rawRequest({
      method,
      url: `${t.emulator.url}${path}`,
      headers: { Authorization: `Bearer ${t.emulator.token}`, "Content-Type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: answer.status, body: JSON.parse(answer.text) as unknown };
  };

  it("reads a public image with its slash escaped, in either case of the escape", async () => {
    for (const path of [
      "/images/compute%2Fdebian12",
      "/images/compute%2fdebian12",
      "/images/%63ompute%2Fdebian12",
    ]) {
      await expect(raw("GET", path)).resolves.toMatchObject({
        status: 200,
        body: { id: "compute/debian12", label: "Debian 12" },
      });
    }
    // As with the slash kept, a public image cannot be changed.
    await expect(raw("PUT", "/images/compute%2Fdebian12", { label: "mine" })).resolves.toMatchObject({
      status: 403,
    });
    await expect(raw("DELETE", "/images/compute%2Fdebian12")).resolves.toMatchObject({ status: 403 });
  });

  it("reads, updates and deletes a private image by its escaped ID", async () => {
    const { image } = await upload();
    const path = `/images/${encodeURIComponent(image.id)}`;
    expect(path).toMatch(/^\/images\/private%2F\d+$/);
    await expect(raw("GET", path)).resolves.toMatchObject({ status: 200, body: { id: image.id } });
    await expect(raw("PUT", path, { label: "renamed" })).resolves.toMatchObject({
      status: 200,
      body: { id: image.id, label: "renamed" },
    });
    await expect(t.client.api.getImage({ params: { imageId: image.id } })).resolves.toMatchObject({
      label: "renamed",
    });
    await expect(raw("DELETE", path)).resolves.toEqual({ status: 200, body: {} });
    await apiError(t.client.api.getImage({ params: { imageId: image.id } }), 404);
    await expect(raw("GET", path)).resolves.toEqual({
      status: 404,
      body: { errors: [{ reason: "Not found" }] },
    });
  });

  it("answers 404 to an escaped ID that does not exist and to malformed escapes", async () => {
    for (const path of [
      "/images/private%2F999",
      "/images/compute%2F",
      "/images/private%2F%zz",
      "/images/private%2",
    ]) {
      await expect(raw("GET", path)).resolves.toEqual({
        status: 404,
        body: { errors: [{ reason: "Not found" }] },
      });
    }
  });
});

describe("not found", () => {
  it.each(["compute/nope", "private/999", "other/1", "private/abc"])(
    "answers 404 for %s",
    async (imageId) => {
      const err = await apiError(t.client.api.getImage({ params: { imageId } }), 404);
      expect(err.errors).toEqual([{ reason: "Not found" }]);
    },
  );
});

describe("capture from a disk (POST /images)", () => {
  it("requires disk_id", async () => {
    await badRequest(t.client.api.createImage({ body: {} as never }), "disk_id", /disk_id is required/);
  });

  it("answers 400 naming disk_id for a disk that does not exist", async () => {
    await badRequest(t.client.api.createImage({ body: { disk_id: 424242 } }), "disk_id", /Disk not found/);
  });

  it("needs add_images for a restricted user", async () => {
    const { token } = await t.control.seedUser({ username: "r4", restricted: true });
    await apiError(t.clientFor(token).api.createImage({ body: { disk_id: 1 } }), 403);
  });

  it("captures a disk: creating, then available after the capture; label and size from the disk", async () => {
    const { disk } = await deployedDisk();
    const image = await t.client.api.createImage({ body: { disk_id: disk.id, cloud_init: true } });
    expect(image).toMatchObject({
      label: disk.label,
      size: disk.size,
      status: "creating",
      is_public: false,
      created_by: "owner",
      description: null,
      capabilities: ["cloud-init"],
      type: "manual",
    });
    expect(image.id).toMatch(/^private\/\d+$/);
    await t.control.clock({ advance_ms: CAPTURE });
    await expect(t.client.api.getImage({ params: { imageId: image.id } })).resolves.toMatchObject({
      status: "available",
    });
  });

  it("takes label and description from the request", async () => {
    const { disk } = await deployedDisk();
    await expect(
      t.client.api.createImage({ body: { disk_id: disk.id, label: "golden", description: "base" } }),
    ).resolves.toMatchObject({ label: "golden", description: "base" });
  });

  it("records disk_imagize on the instance, with the image as secondary entity, finished after the capture", async () => {
    const { instance, disk } = await deployedDisk();
    const image = await t.client.api.createImage({ body: { disk_id: disk.id } });
    const [started] = await t.control.events({ action: "disk_imagize" });
    expect(started).toMatchObject({
      status: "started",
      entity: { type: "compute", id: instance.id },
      secondary_entity: { type: "image", id: image.id, url: `/v4/images/${image.id}` },
    });
    await t.control.clock({ advance_ms: CAPTURE });
    await t.client.api.getImage({ params: { imageId: image.id } });
    const [done] = await t.control.events({ action: "disk_imagize" });
    expect(done).toMatchObject({ id: started!.id, status: "finished" });
  });

  it("keeps the instance busy while its disk is captured", async () => {
    const { disk } = await deployedDisk();
    await t.client.api.createImage({ body: { disk_id: disk.id } });
    await badRequest(t.client.api.createImage({ body: { disk_id: disk.id } }), undefined, /busy/);
    await t.control.clock({ advance_ms: CAPTURE });
    await expect(t.client.api.createImage({ body: { disk_id: disk.id } })).resolves.toMatchObject({
      status: "creating",
    });
  });

  it("refuses a disk that is not ready", async () => {
    const instance = await t.client.api.createInstance({ body: deployBody() as never });
    const disk = disksOf(instance.id)[0]!;
    expect(disk.status).not.toBe("ready");
    await badRequest(t.client.api.createImage({ body: { disk_id: disk.id } }), "disk_id", /not ready/);
  });

  it("finds disks only through instances the user may read; a read_only grant is enough", async () => {
    const { instance, disk } = await deployedDisk();
    const blind = await t.control.seedUser({
      username: "r5",
      restricted: true,
      grants: { global: { add_images: true } },
    });
    await badRequest(
      t.clientFor(blind.token).api.createImage({ body: { disk_id: disk.id } }),
      "disk_id",
      /Disk not found/,
    );
    const reader = await t.control.seedUser({
      username: "r6",
      restricted: true,
      grants: {
        global: { add_images: true },
        compute: [{ id: instance.id, permissions: "read_only", label: instance.label }],
      } as never,
    });
    await expect(
      t.clientFor(reader.token).api.createImage({ body: { disk_id: disk.id } }),
    ).resolves.toMatchObject({ status: "creating", created_by: "r6" });
  });

  it("completes the image even when the instance is deleted during the capture", async () => {
    const { instance, disk } = await deployedDisk();
    const image = await t.client.api.createImage({ body: { disk_id: disk.id } });
    await t.client.api.deleteInstance({ params: { computeId: instance.id } });
    await t.control.clock({ advance_ms: CAPTURE });
    await expect(t.client.api.getImage({ params: { imageId: image.id } })).resolves.toMatchObject({
      status: "available",
    });
  });

  it("deleting an image during its capture fails the event and frees the instance", async () => {
    const { disk } = await deployedDisk();
    const image = await t.client.api.createImage({ body: { disk_id: disk.id } });
    await t.client.api.deleteImage({ params: { imageId: image.id } });
    const [event] = await t.control.events({ action: "disk_imagize" });
    expect(event).toMatchObject({ status: "failed" });
    await expect(t.client.api.createImage({ body: { disk_id: disk.id } })).resolves.toMatchObject({
      status: "creating",
    });
  });
});

describe("pagination", () => {
  it("pages public and private images together", async () => {
    for (let i = 0; i < 30; i++) await upload({ label: `img-${i}` });
    const first = await t.client.api.listImages({ query: { page_size: 25 } });
    expect(first.pages).toBe(Math.ceil(first.results / 25));
    const all = await collect(t.client.each(imageEndpoints.listImages, { query: { page_size: 25 } }));
    expect(all).toHaveLength(first.results);
    expect(all.filter((i) => !i.is_public)).toHaveLength(30);
  });

  it.each([
    ["page", { page: 0 }],
    ["page_size", { page_size: 501 }],
  ])("rejects %s out of range: %j", async (field, query) => {
    await badRequest(t.anonymous.api.listImages({ query: query as never }), field);
  });
});

describe("findImage (for deploys)", () => {
  it("finds public images for anyone and private ones for users who may read them", async () => {
    const { image } = await upload();
    const { store } = t.emulator;
    const owner = store.table("users").find((u) => u.username === "owner")!;
    expect(findImage(store, undefined, "compute/debian12")).toMatchObject({ status: "available" });
    expect(findImage(store, undefined, image.id)).toBeUndefined();
    const found = findImage(store, owner, image.id)!;
    expect(found).toEqual(image);
    expect(isDeployable(found)).toBe(false);
    expect(isDeployable(findImage(store, owner, "compute/debian12")!)).toBe(true);
    expect(findImage(store, owner, "private/999")).toBeUndefined();
  });
});
