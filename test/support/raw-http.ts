/** Plain HTTP to the emulator, below any client: arbitrary methods, headers and bodies, raw bytes. */
import * as http from "node:http";
import * as net from "node:net";

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

export interface RawRequest {
  method: string;
  /** Absolute URL, or a path with `base`. */
  url: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** One request; resolves with whatever the server answered (never throws on a status). */
export function rawRequest(req: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    // An explicit length: without it a GET or DELETE body would go unframed.
    const length = req.body === undefined ? {} : { "Content-Length": String(Buffer.byteLength(req.body)) };
    const headers = { ...length, ...req.headers };
    const outgoing = http.request(req.url, { method: req.method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString("utf8"),
        }),
      );
      res.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end(req.body);
  });
}

/** Writes `bytes` on a fresh connection, ends its side, and returns everything the server sends
 * until it closes. */
export function rawBytes(url: string, bytes: string | Buffer): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname.replace(/^\[|\]$/g, ""));
    const chunks: Buffer[] = [];
    socket.on("data", (c) => chunks.push(c));
    socket.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    socket.on("error", reject);
    socket.setTimeout(5_000, () => socket.destroy(new Error("no answer within 5 s")));
    socket.end(bytes);
  });
}
