/** The emulator's HTTP server: the API under `/v4`, the control API under `/_emulator`. */
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { CONTROL_PREFIX, type RequestLogEntry } from "../contract";
import { newTokenValue, seedOwner } from "./accounts";
import { ApiError } from "./api-error";
import { Clock } from "./clock";
import { handleControl } from "./control";
import { Faults } from "./faults";
import { Jobs } from "./jobs";
import { Router } from "./router";
import { regionRoutes } from "./routes/regions";
import { vpcRoutes } from "./routes/vpcs";
import { FileStore, MemoryStore, type Store } from "./store";

export const API_PREFIX = "/v4";
const SPEC_VERSION = "4.174.0";
const MAX_BODY_BYTES = 1024 * 1024;
const REQUEST_LOG_SIZE = 1000;

export interface EmulatorOptions {
  port?: number;
  host?: string;
  /** The account owner's full-access token; generated when omitted. */
  token?: string;
  /** A file that keeps the state across restarts (durable mode). */
  dataFile?: string;
  /** Check every answer against the contract's response schema (on by default). */
  checkResponses?: boolean;
  /** Emulated time per real time: 1 = real time, 20 = lifecycles run twenty times faster. */
  speed?: number;
}

/** Every area of the API: each registers its routes, and the job handlers of its lifecycles. */
const AREAS: ((router: Router, jobs: Jobs) => void)[] = [regionRoutes, vpcRoutes];

export function buildRouter(jobs: Jobs, checkResponses = true): Router {
  const router = new Router(checkResponses);
  for (const register of AREAS) register(router, jobs);
  return router;
}

export class Emulator {
  readonly clock = new Clock();
  readonly faults = new Faults();
  readonly jobs = new Jobs();
  readonly requestLog: RequestLogEntry[] = [];
  readonly store: Store;
  readonly token: string;
  private readonly router: Router;
  private server?: http.Server;
  private baseUrl?: string;

  constructor(private readonly options: EmulatorOptions = {}) {
    this.store = options.dataFile ? new FileStore(options.dataFile) : new MemoryStore();
    this.token = options.token ?? newTokenValue();
    this.router = buildRouter(this.jobs, options.checkResponses ?? true);
    if (options.speed) this.clock.setScale(options.speed);
    seedOwner(this.store, this.clock, this.token);
    this.store.commit();
  }

  /** The API base URL, ending in `/v4`. */
  get url(): string {
    if (!this.baseUrl) throw new Error("emulator is not listening");
    return `${this.baseUrl}${API_PREFIX}`;
  }

  get controlUrl(): string {
    if (!this.baseUrl) throw new Error("emulator is not listening");
    return `${this.baseUrl}${CONTROL_PREFIX}`;
  }

  get endpoints() {
    return this.router.endpoints;
  }

  reset(): void {
    this.store.reset();
    this.faults.clear();
    this.requestLog.length = 0;
    seedOwner(this.store, this.clock, this.token);
    this.store.commit();
  }

  async listen(): Promise<this> {
    const server = http.createServer((req, res) => void this.serve(req, res));
    server.keepAliveTimeout = 5_000;
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.options.port ?? 0, this.options.host ?? "127.0.0.1", resolve);
    });
    const { address, port } = server.address() as AddressInfo;
    this.server = server;
    this.baseUrl = `http://${address.includes(":") ? `[${address}]` : address}:${port}`;
    return this;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://emulator");
    const method = req.method ?? "GET";
    let status = 500;
    try {
      const body = await readJson(req);
      this.jobs.runDue(this);
      if (url.pathname.startsWith(`${CONTROL_PREFIX}/`)) {
        const answer = handleControl(
          this,
          method,
          url.pathname.slice(CONTROL_PREFIX.length),
          url.searchParams,
          body,
        );
        this.store.commit();
        status = 200;
        return send(res, 200, answer);
      }
      if (!url.pathname.startsWith(`${API_PREFIX}/`)) throw ApiError.notFound();
      const path = url.pathname.slice(API_PREFIX.length);
      const fault = this.faults.take(method, path);
      if (fault) {
        status = fault.status;
        if (fault.status === 0) return void req.socket.destroy();
        const headers: Record<string, string> =
          fault.retry_after !== undefined ? { "Retry-After": String(fault.retry_after) } : {};
        const reason = fault.status === 429 ? "Too many requests" : "Service unavailable (injected fault)";
        return send(res, fault.status, { errors: [{ reason }] }, headers);
      }
      const answer = await this.router.handle(this, {
        method,
        path,
        query: url.searchParams,
        authorization: req.headers.authorization,
        body,
      });
      this.store.commit();
      status = answer.status;
      send(res, answer.status, answer.body, answer.headers);
    } catch (err) {
      if (err instanceof ApiError) {
        status = err.status;
        send(res, err.status, { errors: err.errors }, err.headers);
      } else {
        status = 500;
        console.error(`compute-emulator: ${method} ${url.pathname} failed:`, err);
        send(res, 500, { errors: [{ reason: "Internal server error" }] });
      }
    } finally {
      if (!url.pathname.startsWith(CONTROL_PREFIX)) {
        this.requestLog.push({ method, path: url.pathname.slice(API_PREFIX.length), status });
        if (this.requestLog.length > REQUEST_LOG_SIZE) this.requestLog.shift();
      }
    }
  }
}

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw ApiError.badRequest("Request body too large");
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw ApiError.badRequest("Request body must be valid JSON");
  }
}

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.statusCode = status;
  res.setHeader("X-Spec-Version", SPEC_VERSION);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (status === 204 || body === undefined) return void res.end();
  res.setHeader("Content-Type", "application/json");
  res.end(JSON.stringify(body));
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  return new Emulator(options).listen();
}
