import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { programInputs } from "../../../src/plugin/program-inputs";
import { UNKNOWN } from "../../../src/provider/core/unknown";

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "program-inputs-"));
  fs.writeFileSync(path.join(dir, "disk.img.gz"), "abc");
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it("keeps an Image's file as the program gives it, with the digest of its content, as its class does", async () => {
  // Relative to the process's directory: the program's, where the engine runs the plugin.
  const file = path.relative(process.cwd(), path.join(dir, "disk.img.gz"));
  expect(path.isAbsolute(file)).toBe(false);
  expect(await programInputs("Image", { file, label: "custom" })).toEqual({
    file,
    label: "custom",
    // sha256("abc")
    fileHash: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  });
});

it("keeps a given fileHash, leaves an unreadable or unknown file to check, and other kinds alone", async () => {
  const file = path.join(dir, "disk.img.gz");
  expect(await programInputs("Image", { file, fileHash: "mine" })).toEqual({ file, fileHash: "mine" });
  expect(await programInputs("Image", { file: path.join(dir, "none") })).toEqual({
    file: path.join(dir, "none"),
  });
  expect(await programInputs("Image", { file: UNKNOWN })).toEqual({ file: UNKNOWN });
  expect(await programInputs("Image", { diskId: "7" })).toEqual({ diskId: "7" });
  expect(await programInputs("Vpc", { label: "x" })).toEqual({ label: "x" });
});
