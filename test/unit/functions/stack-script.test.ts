/** getStackScripts (filters) / getStackScript against the emulator's records. */
import { collect } from "../../../src/client";
import { stackScriptEndpoints } from "../../../src/contract";
import { getStackScript, getStackScripts, type FunctionOptions } from "../../../src/functions";
import { camelize } from "../../support/camelize";
import { useEmulator } from "../../support/emulator";

const t = useEmulator();
const opts = (): FunctionOptions => ({ apiUrl: t.emulator.url, token: t.emulator.token });
const SCRIPT =
  '#!/bin/bash\n# <UDF name="greeting" label="Greeting" example="hello" default="hi" />\necho "$GREETING"\n';
const create = (label: string, images: string[], isPublic = false) =>
  t.client.api.createStackScript({ body: { label, images, script: SCRIPT, is_public: isPublic } });

it("getStackScripts maps every StackScript (user-defined fields included) to camelCase", async () => {
  await create("setup-web", ["compute/debian12"]);
  const all = await collect(t.client.each(stackScriptEndpoints.listStackScripts));
  const result = await getStackScripts({}, opts());
  expect(result.stackScripts).toEqual(camelize(all));
  expect(result.stackScripts.find((s) => s.label === "setup-web")?.userDefinedFields).toEqual([
    { name: "greeting", label: "Greeting", example: "hello", default: "hi" },
  ]);
});

it("getStackScripts filters by label, public, mine and image", async () => {
  const web = await create("setup-web", ["compute/debian12"]);
  const any = await create("setup-any", ["any/all"], true);
  const db = await create("db-init", ["compute/ubuntu24.04"]);
  const ids = async (args: Parameters<typeof getStackScripts>[0]) =>
    (await getStackScripts({ mine: true, ...args }, opts())).stackScripts.map((s) => s.id);
  expect(await ids({ label: "setup-*" })).toEqual([web.id, any.id]);
  expect(await ids({ labelRegex: "^db-" })).toEqual([db.id]);
  expect(await ids({ isPublic: true })).toEqual([any.id]);
  expect(await ids({ image: "compute/debian12" })).toEqual([web.id, any.id]);
  expect(await ids({ image: "compute/ubuntu24.04", isPublic: false })).toEqual([db.id]);
});

it("getStackScript returns one with its script; unknown is `StackScript <id> not found`", async () => {
  const web = await create("setup-web", ["compute/debian12"]);
  const record = await t.client.api.getStackScript({ params: { stackscriptId: web.id } });
  expect(await getStackScript({ id: String(web.id) }, opts())).toEqual(camelize(record));
  await expect(getStackScript({ id: 999999 }, opts())).rejects.toThrow(/^StackScript 999999 not found$/);
  await expect(getStackScript({ id: "abc" }, opts())).rejects.toThrow(
    /^id must be an integer ID, not "abc"$/,
  );
});
