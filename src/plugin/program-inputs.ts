/**
 * What the TypeScript classes compute from a program's inputs before they register a resource,
 * done at Check for the plugin form's programs (YAML, Python, Go), which have no such class: an
 * Image's `fileHash`, the digest of the file's content, unless the program gives one, so that other
 * content in the file replaces the image as it does in TypeScript. The `file` stays as the program
 * gives it: the engine runs the plugin in the program's directory, where a relative path is read.
 */
import * as path from "node:path";
import { fileSha256 } from "../file-digest";
import { UNKNOWN, type Props } from "../provider/core-interface";

async function imageInputs(news: Props): Promise<Props> {
  const { file } = news;
  if (typeof file !== "string" || file === UNKNOWN) return news;
  const fileHash = news.fileHash ?? (await fileSha256(path.resolve(file)));
  return { ...news, ...(fileHash !== undefined && { fileHash }) };
}

const BY_KIND: Record<string, (news: Props) => Promise<Props>> = { Image: imageInputs };

/** The program's inputs of a resource of this kind, with what its TypeScript class would add. */
export const programInputs = (kind: string, news: Props): Promise<Props> =>
  BY_KIND[kind]?.(news) ?? Promise.resolve(news);
