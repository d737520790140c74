/** getKernels / getKernel against the emulator's records. */
import { collect } from "../../../src/client";
import { kernelEndpoints } from "../../../src/contract";
import { getKernel, getKernels, type FunctionOptions } from "../../../src/functions";
import { camelize } from "../../support/camelize";
import { useEmulator } from "../../support/emulator";

const t = useEmulator();
const opts = (): FunctionOptions => ({ apiUrl: t.emulator.url, token: t.emulator.token });
const records = () => collect(t.client.each(kernelEndpoints.listKernels));

it("getKernels maps every kernel to camelCase", async () => {
  const all = await records();
  expect((await getKernels({}, opts())).kernels).toEqual(camelize(all));
});

it("getKernels filters on the API's fields and on label globs and regexes", async () => {
  const all = await records();
  const kvm = await getKernels({ kvm: true, architecture: "x86_64", deprecated: false }, opts());
  expect(kvm.kernels.map((k) => k.id)).toEqual(
    all.filter((k) => k.kvm && k.architecture === "x86_64" && !k.deprecated).map((k) => k.id),
  );
  const first = all[0]!;
  expect((await getKernels({ label: first.label }, opts())).kernels.map((k) => k.id)).toEqual(
    all.filter((k) => k.label === first.label).map((k) => k.id),
  );
  const word = first.label.split(/\s+/)[0]!;
  const glob = await getKernels({ label: `${word}*` }, opts());
  expect(glob.kernels.map((k) => k.id)).toEqual(all.filter((k) => k.label.startsWith(word)).map((k) => k.id));
  const regex = await getKernels({ labelRegex: "^Latest" }, opts());
  expect(regex.kernels.map((k) => k.id)).toEqual(all.filter((k) => /^Latest/.test(k.label)).map((k) => k.id));
});

it("getKernel returns one kernel (an ID with a slash); unknown is `kernel <id> not found`", async () => {
  const first = (await records())[0]!;
  expect(await getKernel({ id: first.id }, opts())).toEqual(camelize(first));
  await expect(getKernel({ id: "compute/none" }, opts())).rejects.toThrow(/^kernel compute\/none not found$/);
});
