/** getImages (filters, latest) / getImage (by ID or latest match) against the emulator's records. */
import { collect } from "../../../src/client";
import { imageEndpoints } from "../../../src/contract";
import {
  getImage,
  getImageOutput,
  getImages,
  latestImage,
  type FunctionOptions,
} from "../../../src/functions";
import { camelize } from "../../support/camelize";
import { useEmulator } from "../../support/emulator";

const t = useEmulator();
const opts = (): FunctionOptions => ({ apiUrl: t.emulator.url, token: t.emulator.token });
const records = () => collect(t.client.each(imageEndpoints.listImages));
const upload = async (label: string) =>
  (await t.client.api.uploadImage({ body: { label, region: "us-iad" } })).image;
const ids = async (args: Parameters<typeof getImages>[0]) =>
  (await getImages(args, opts())).images.map((i) => i.id);

it("getImages maps every image, public and private, to camelCase", async () => {
  await upload("golden-1");
  const all = await records();
  expect(all.some((i) => !i.is_public)).toBe(true);
  expect((await getImages({}, opts())).images).toEqual(camelize(all));
});

it("without a token, getImages lists the public images only", async () => {
  await upload("golden-1");
  const anonymous = await getImages({}, { apiUrl: t.emulator.url, token: "" });
  expect(anonymous.images.every((i) => i.isPublic)).toBe(true);
  expect(anonymous.images.length).toBe((await records()).length - 1);
});

it("getImages filters on public/private, vendor, deprecated, status, and label globs and regexes", async () => {
  const mine = await upload("golden-1");
  expect(await ids({ isPublic: false })).toEqual([mine.id]);
  expect(await ids({ status: "pending_upload" })).toEqual([mine.id]);
  expect(await ids({ vendor: "Ubuntu" })).toEqual([
    "compute/ubuntu20.04",
    "compute/ubuntu22.04",
    "compute/ubuntu24.04",
  ]);
  expect(await ids({ deprecated: true })).toEqual(["compute/centos7"]);
  expect(await ids({ label: "Debian *" })).toEqual(["compute/debian11", "compute/debian12"]);
  expect(await ids({ label: "Debian 12" })).toEqual(["compute/debian12"]);
  expect(await ids({ label: "Ubuntu 2?.04 LTS" })).toEqual([
    "compute/ubuntu20.04",
    "compute/ubuntu22.04",
    "compute/ubuntu24.04",
  ]);
  expect(await ids({ labelRegex: "^(Alma|Rocky)" })).toEqual(["compute/almalinux9", "compute/rocky9"]);
  expect(await ids({ label: "debian *" })).toEqual([]);
});

it("latest: the newest created, then the highest label in natural order", async () => {
  expect(await ids({ label: "Debian *", latest: true })).toEqual(["compute/debian12"]);
  expect(await ids({ vendor: "Ubuntu", latest: true })).toEqual(["compute/ubuntu24.04"]);
  expect(await ids({ label: "Nothing*", latest: true })).toEqual([]);
  const older = await upload("golden-10");
  await t.control.clock({ advance_ms: 60_000 });
  const newer = await upload("golden-9");
  expect(await ids({ label: "golden-*", latest: true })).toEqual([newer.id]);
  expect(latestImage([older, { ...newer, created: older.created }])?.id).toBe(older.id);
});

it("getImage: by ID, or the latest match; unknown is `image <id> not found`", async () => {
  const record = await t.client.api.getImage({ params: { imageId: "compute/debian12" } });
  expect(await getImage({ id: "compute/debian12" }, opts())).toEqual(camelize(record));
  expect(await getImage({ label: "Debian *", isPublic: true }, opts())).toEqual(camelize(record));
  const mine = await upload("golden-1");
  expect((await getImage({ id: mine.id }, opts())).label).toBe("golden-1");
  await expect(getImage({ id: "private/9999" }, opts())).rejects.toThrow(/^image private\/9999 not found$/);
  await expect(getImage({ label: "Nothing*" }, opts())).rejects.toThrow(
    /^no image matches label "Nothing\*"$/,
  );
  await expect(getImage({ id: "compute/debian12", vendor: "Debian" }, opts())).rejects.toThrow(
    /give an image ID or filters, not both/,
  );
});

it("getImageOutput takes Input arguments", async () => {
  const out = getImageOutput({ label: Promise.resolve("Ubuntu *"), isPublic: true }, opts());
  expect(await new Promise((resolve) => out.id.apply(resolve))).toBe("compute/ubuntu24.04");
});
