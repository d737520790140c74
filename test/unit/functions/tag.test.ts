/** getTags against the emulator: every page, label filters. */
import { getTags, type FunctionOptions } from "../../../src/functions";
import { useEmulator } from "../../support/emulator";

const t = useEmulator();
const opts = (): FunctionOptions => ({ apiUrl: t.emulator.url, token: t.emulator.token });

it("getTags pages through every tag (more than one page) and filters by label", async () => {
  const labels = Array.from({ length: 120 }, (_, i) => `tag-${String(i).padStart(3, "0")}`);
  for (const label of labels) await t.client.api.createTag({ body: { label } });
  await t.client.api.createInstance({
    body: { label: "web-1", region: "us-iad", type: "g6-nanode-1", tags: ["carried"] },
  });
  const first = await t.client.api.listTags();
  expect(first.pages).toBeGreaterThan(1);
  const all = (await getTags({}, opts())).tags;
  expect([...all].sort()).toEqual([...labels, "carried"].sort());
  expect((await getTags({ label: "tag-11?" }, opts())).tags.sort()).toEqual(
    labels.filter((l) => l.startsWith("tag-11")),
  );
  expect((await getTags({ labelRegex: "^car" }, opts())).tags).toEqual(["carried"]);
});
