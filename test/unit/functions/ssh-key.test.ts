/** getSshKeys / getSshKey against the emulator's records. */
import { getSshKey, getSshKeys, getSshKeysOutput, type FunctionOptions } from "../../../src/functions";
import { camelize } from "../../support/camelize";
import { useEmulator } from "../../support/emulator";
import { publicKeyLine } from "../../support/ssh-keys";

const t = useEmulator();
const opts = (): FunctionOptions => ({ apiUrl: t.emulator.url, token: t.emulator.token });
const add = (label: string) =>
  t.client.api.createProfileSshKey({ body: { label, ssh_key: publicKeyLine("ed25519", label) } });

it("getSshKeys maps the profile's keys to camelCase and filters by label", async () => {
  const laptop = await add("laptop");
  const ci = await add("ci-runner");
  const ci2 = await add("ci-deploy");
  expect((await getSshKeys({}, opts())).sshKeys).toEqual(camelize([laptop, ci, ci2]));
  const labels = async (args: Parameters<typeof getSshKeys>[0]) =>
    (await getSshKeys(args, opts())).sshKeys.map((k) => k.label);
  expect(await labels({ label: "ci-*" })).toEqual(["ci-runner", "ci-deploy"]);
  expect(await labels({ labelRegex: "top$" })).toEqual(["laptop"]);
  const out = getSshKeysOutput({ label: Promise.resolve("laptop") }, opts());
  expect(await new Promise((resolve) => out.sshKeys.apply(resolve))).toEqual([camelize(laptop)]);
});

it("getSshKey returns one key; unknown is `SSH key <id> not found`", async () => {
  const laptop = await add("laptop");
  expect(await getSshKey({ id: laptop.id }, opts())).toEqual(camelize(laptop));
  await expect(getSshKey({ id: 777 }, opts())).rejects.toThrow(/^SSH key 777 not found$/);
});
