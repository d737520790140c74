/**
 * The proxy `npm run bench:terraform` puts between each tool and the emulator. For the upstream
 * Terraform provider (a client of the original API) it renames both ways: paths `/linode/...` ⇄
 * `/compute/...`, the fields `linode_id`, `linodes`, ... ⇄ `compute_id`, `computes`, ..., and values such
 * as `linode/debian12` ⇄ `compute/debian12`; and it shows an instance's delete event, which the emulator
 * records as a `notification`, as `finished` (what the provider's delete poller waits for). For our
 * own forms it only passes through, so both tools pay the same hop. Every answer is logged in `entries`.
 */
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import type { ProxyEntry } from "./terraform-table";

export interface RenameProxy {
  /** `http://127.0.0.1:PORT`, no API prefix. */
  origin: string;
  entries: ProxyEntry[];
  close(): Promise<void>;
}

const KEY_TO_EMU: Record<string, string> = {
  linode_id: "compute_id",
  linodes: "computes",
  add_linodes: "add_computes",
  linode: "compute",
};
const KEY_TO_CLIENT = Object.fromEntries(Object.entries(KEY_TO_EMU).map(([a, b]) => [b, a]));
const CAP_TO_CLIENT: Record<string, string> = { Computes: "Linodes", "GPU Computes": "GPU Linodes" };
const CAP_TO_EMU = Object.fromEntries(Object.entries(CAP_TO_CLIENT).map(([a, b]) => [b, a]));

function strToEmu(s: string, key: string | null): string {
  if (s.startsWith("linode/")) return "compute/" + s.slice(7);
  if (key === "scopes") return s.replace(/\blinodes:/g, "computes:");
  if (key === "action" && s.startsWith("linode_")) return "compute_" + s.slice(7);
  if ((key === "entity.type" || key === "type") && s === "linode") return "compute";
  return CAP_TO_EMU[s] ?? s;
}

function strToClient(s: string, key: string | null): string {
  if (s.startsWith("compute/")) return "linode/" + s.slice(8);
  if (key === "scopes") return s.replace(/\bcomputes:/g, "linodes:");
  if (key === "action" && s.startsWith("compute_")) return "linode_" + s.slice(8);
  if ((key === "type" || key === "created_by") && s === "compute") return "linode";
  if (key === "type" && s === "compute_config") return "linode_config";
  if (key === "url") return s.replace(/\/compute\//g, "/linode/");
  return CAP_TO_CLIENT[s] ?? s;
}

type StrFn = (s: string, key: string | null) => string;

function walk(v: unknown, keys: Record<string, string>, str: StrFn, key: string | null): unknown {
  if (Array.isArray(v)) return v.map((x) => walk(x, keys, str, key));
  if (v && typeof v === "object")
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [keys[k] ?? k, walk(x, keys, str, k)]));
  return typeof v === "string" ? str(v, key) : v;
}

/** `/v4/linode/instances?page=2` → `/v4/compute/instances?page=2`; `linode%2Fdebian12` likewise. */
export function pathToEmulator(p: string): string {
  const [pathname = "", query] = p.split("?");
  const segs = pathname.split("/").map((s) => {
    if (s === "linode") return "compute";
    if (/^linode%2f/i.test(s)) return "compute%2F" + s.slice(9);
    return s;
  });
  return segs.join("/") + (query !== undefined ? "?" + query : "");
}

function finishDeletes(body: unknown): void {
  const fix = (e: Record<string, unknown> | null) => {
    if (e && e.action === "linode_delete" && e.status === "notification") {
      e.status = "finished";
      e.percent_complete = 100;
    }
  };
  const b = body as { data?: unknown } | null;
  if (b && Array.isArray(b.data)) b.data.forEach(fix);
  else fix(body as Record<string, unknown> | null);
}

function tryJson(buf: Buffer): unknown {
  if (!buf.length) return undefined;
  try {
    return JSON.parse(buf.toString("utf8"));
  } catch {
    return undefined;
  }
}

/** A proxy to `upstream` (the emulator's origin); `rename`: the original API's names for its client. */
export async function startRenameProxy(upstream: string, rename: boolean): Promise<RenameProxy> {
  const up = new URL(upstream);
  const entries: ProxyEntry[] = [];
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const method = req.method ?? "GET";
      const clientPath = req.url ?? "/";
      let body = Buffer.concat(chunks);
      const headers: http.OutgoingHttpHeaders = { ...req.headers, host: up.host };
      if (rename) {
        const j = tryJson(body);
        if (j !== undefined) body = Buffer.from(JSON.stringify(walk(j, KEY_TO_EMU, strToEmu, null)));
        const xf = req.headers["x-filter"];
        const f = typeof xf === "string" ? tryJson(Buffer.from(xf)) : undefined;
        if (f !== undefined) headers["x-filter"] = JSON.stringify(walk(f, KEY_TO_EMU, strToEmu, null));
      }
      delete headers["content-length"];
      if (body.length) headers["content-length"] = body.length;
      const forward = http.request(
        {
          host: up.hostname,
          port: up.port,
          path: rename ? pathToEmulator(clientPath) : clientPath,
          method,
          headers,
          agent,
        },
        (answer) => {
          const got: Buffer[] = [];
          answer.on("data", (c: Buffer) => got.push(c));
          answer.on("end", () => {
            let out = Buffer.concat(got);
            if (rename) {
              const j = tryJson(out);
              if (j !== undefined) {
                const client = walk(j, KEY_TO_CLIENT, strToClient, null);
                if (/^\/v4(?:beta)?\/account\/events/.test(clientPath)) finishDeletes(client);
                out = Buffer.from(JSON.stringify(client));
              }
            }
            const h = { ...answer.headers };
            delete h["transfer-encoding"];
            h["content-length"] = String(out.length);
            res.writeHead(answer.statusCode ?? 502, h);
            res.end(out);
            entries.push({ method, path: clientPath, status: answer.statusCode ?? 502 });
          });
        },
      );
      forward.on("error", (err) => {
        res.writeHead(502, { "content-type": "application/json" });
        res.end(JSON.stringify({ errors: [{ reason: `proxy: ${err.message}` }] }));
        entries.push({ method, path: clientPath, status: 502 });
      });
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    entries,
    close: async () => {
      server.closeAllConnections();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
