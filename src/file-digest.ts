/**
 * The SHA-256 of a file's content, shared by the `Image` class (a TypeScript program computes its
 * `fileHash`) and the plugin's Check (which does it for YAML, Python and Go programs): so that other
 * content in the same file replaces the image in every form.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";

/** SHA-256 (hex) of a file's content, read as a stream; undefined when it cannot be read (the
 * provider's check then says why, naming `file`). */
export function fileSha256(file: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const hash = createHash("sha256");
    fs.createReadStream(file)
      .on("error", () => resolve(undefined))
      .on("data", (chunk) => hash.update(chunk))
      .on("end", () => resolve(hash.digest("hex")));
  });
}
