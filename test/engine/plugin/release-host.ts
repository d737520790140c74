/**
 * A local HTTP server standing in for the repository's releases: it serves the files of a directory
 * by name (as a release host serves its assets), and the CLI is pointed at it the way a mirror is
 * (`PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES` maps the schema's `pluginDownloadURL` to its URL).
 */
import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as path from "node:path";
import { RELEASES } from "../../../src/schema/repository";

export interface ReleaseHost {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** The paths it was asked for, in order. */
  asked: string[];
  /** The environment that points the CLI at it for the repository's releases. */
  overrides: { PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: string };
  close(): Promise<void>;
}

/** Serves `dir`'s files; any other name is a 404. */
export async function startReleaseHost(dir: string): Promise<ReleaseHost> {
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname.slice(1));
    asked.push(name);
    const file = path.join(dir, path.basename(name));
    if (!name || !fs.existsSync(file)) {
      res.writeHead(404).end("not found");
      return;
    }
    // As a release host does: the engine checks the length it was told against what it copied.
    res.writeHead(200, {
      "content-type": "application/octet-stream",
      "content-length": fs.statSync(file).size,
    });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    asked,
    overrides: { PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: `^${RELEASES.replace(/[.]/g, "\\.")}=${url}` },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
