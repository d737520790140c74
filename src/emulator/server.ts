/** The emulator's HTTP server: the API under `/v4`, the control API under `/_emulator`. */
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { CONTROL_PREFIX, type FaultProfile, type RequestLogEntry } from "../contract";
import { newTokenValue, seedOwner } from "./accounts";
import { aborted } from "./aborted-request";
import { admit, type LostAnswer } from "./admission";
import { ApiError } from "./api-error";
import { Clock } from "./clock";
import { handleControl } from "./control";
import { isLoopback, requireControlToken } from "./control-access";
import { Faults } from "./faults";
import { answerClientError } from "./client-error";
import { Jobs } from "./jobs";
import { checkDepth } from "./json-depth";
import { RateLimiter, startupSettings, type RateLimitOption } from "./rate-limit";
import { Router } from "./router";
import { accountEventRoutes } from "./routes/account-events";
import { backupRoutes } from "./routes/backups";
import { configRoutes } from "./routes/configs";
import { diskRoutes } from "./routes/disks";
import { instanceActionRoutes } from "./routes/instance-actions";
import { instanceIpRoutes } from "./routes/instance-ips";
import { instanceCloneRoutes } from "./routes/instance-clone";
import { instancePowerRoutes } from "./routes/instance-power";
import { instanceMoveRoutes } from "./routes/instance-moves";
import { instanceStatsRoutes } from "./routes/instance-stats";
import { instanceRoutes } from "./routes/instances";
import { interfaceRoutes } from "./routes/interfaces";
import { kernelRoutes } from "./routes/kernels";
import { typeRoutes } from "./routes/types";
import { receiveImageUpload, UPLOAD_PREFIX } from "./models/image-upload";
import { imageUploadRoutes } from "./routes/image-upload";
import { imageRoutes } from "./routes/images";
import { profileRoutes } from "./routes/profile";
import { profilePhoneRoutes } from "./routes/profile-phone";
import { profileSecurityRoutes } from "./routes/profile-security";
import { profileSessionRoutes } from "./routes/profile-sessions";
import { profileSshKeyRoutes } from "./routes/profile-ssh-keys";
import { profileTokenRoutes } from "./routes/profile-tokens";
import { regionRoutes } from "./routes/regions";
import { stackScriptRoutes } from "./routes/stackscripts";
import { tagRoutes } from "./routes/tags";
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
  /** The account owner's username (`owner` when omitted): two emulators with different owners are
   * two accounts, as their profiles show. */
  owner?: string;
  /** A file that keeps the state across restarts (durable mode). */
  dataFile?: string;
  /** Check every answer against the contract's response schema (on by default). */
  checkResponses?: boolean;
  /** Emulated time per real time: 1 = real time, 20 = lifecycles run twenty times faster. */
  speed?: number;
  /** A standing fault profile (random errors, latency, drops); `reset()` returns to it. */
  faults?: FaultProfile;
  /** Rate limits: off by default; `true` for the real API's limits, or changed numbers. */
  rateLimits?: RateLimitOption;
  /** Largest compressed image upload accepted, in bytes (5 GB as on the API; lower it in tests). */
  maxImageUploadBytes?: number;
  /** Answer the real API's record shapes where they differ from the spec's (subnet `computes` as
   * `{id, interfaces}` objects); the spec's shapes by default. */
  realShapes?: boolean;
}

/** Every area of the API: each registers its routes, and the job handlers of its lifecycles. */
const AREAS: ((router: Router, jobs: Jobs) => void)[] = [
  regionRoutes,
  vpcRoutes,
  instanceRoutes,
  instancePowerRoutes,
  instanceActionRoutes,
  instanceMoveRoutes,
  instanceCloneRoutes,
  diskRoutes,
  configRoutes,
  interfaceRoutes,
  backupRoutes,
  instanceStatsRoutes,
  instanceIpRoutes,
  kernelRoutes,
  typeRoutes,
  imageRoutes,
  imageUploadRoutes,
  stackScriptRoutes,
  tagRoutes,
  profileRoutes,
  profileTokenRoutes,
  profileSshKeyRoutes,
  profileSecurityRoutes,
  profilePhoneRoutes,
  profileSessionRoutes,
  accountEventRoutes,
];

export function buildRouter(jobs: Jobs, checkResponses = true): Router {
  const router = new Router(checkResponses);
  for (const register of AREAS) register(router, jobs);
  return router;
}

export class Emulator {
  readonly clock = new Clock();
  readonly faults: Faults;
  readonly limits: RateLimiter;
  readonly jobs = new Jobs();
  readonly requestLog: RequestLogEntry[] = [];
  readonly store: Store;
  readonly token: string;
  private readonly router: Router;
  private server?: http.Server;
  /** `http://host:port` while listening; routes use it for the URLs they hand out (image upload). */
  baseUrl?: string;
  readonly realShapes: boolean;
  /** The control API answers without the token: true while listening on loopback only. */
  controlOpen = true;

  constructor(private readonly options: EmulatorOptions = {}) {
    this.store = options.dataFile ? new FileStore(options.dataFile) : new MemoryStore();
    this.faults = new Faults(options.faults);
    this.limits = new RateLimiter(this.clock, startupSettings(options.rateLimits));
    this.token = options.token ?? newTokenValue();
    this.realShapes = options.realShapes ?? false;
    this.router = buildRouter(this.jobs, options.checkResponses ?? true);
    if (options.speed) this.clock.setScale(options.speed);
    seedOwner(this.store, this.clock, this.token, this.options.owner);
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
    this.faults.reset();
    this.limits.reset();
    this.requestLog.length = 0;
    seedOwner(this.store, this.clock, this.token, this.options.owner);
    this.store.commit();
  }

  async listen(): Promise<this> {
    // No Host header is not worth a bodyless 400: every answer is JSON.
    const server = http.createServer({ requireHostHeader: false }, (req, res) => void this.serve(req, res));
    server.keepAliveTimeout = 5_000;
    server.on("clientError", answerClientError);
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.options.port ?? 0, this.options.host ?? "127.0.0.1", resolve);
    });
    const { address, port } = server.address() as AddressInfo;
    this.server = server;
    this.controlOpen = isLoopback(address);
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
    const url = requestUrl(req.url);
    const method = req.method ?? "GET";
    if (url.pathname.startsWith(`${UPLOAD_PREFIX}/`)) {
      const upload = await receiveImageUpload(this, req, url, this.options.maxImageUploadBytes);
      return send(res, upload.status, upload.body, upload.headers);
    }
    /** The status the request was handled with; what the client receives unless the answer is lost. */
    let status = 500;
    let lost: LostAnswer | undefined;
    /** The client aborted mid-body: the request is neither answered nor logged. */
    let gone = false;
    // A lost answer replaces whatever the handling produced, an ApiError included, as a proxy
    // losing the answer would: the work is done (and committed), the client never learns the result.
    const answer = (code: number, body: unknown, headers?: Record<string, string>) => {
      status = code;
      if (lost) loseAnswer(req, res, lost);
      else send(res, code, body, headers);
    };
    try {
      const control = url.pathname.startsWith(`${CONTROL_PREFIX}/`);
      if (control && !this.controlOpen) requireControlToken(this.token, req.headers.authorization);
      // The whole request is taken in before the API acts, waits or refuses: a client that goes
      // away while the API is slow to act does not undo the work, as with the real API.
      const body = await readJson(req);
      if (url.pathname.startsWith(`${API_PREFIX}/`)) {
        const admission = await admit(
          {
            faults: this.faults,
            limits: this.limits,
            store: this.store,
            match: (m, p) => this.router.match(m, p),
          },
          {
            method,
            path: url.pathname.slice(API_PREFIX.length),
            authorization: req.headers.authorization,
            remoteAddress: req.socket.remoteAddress,
          },
        );
        for (const [name, value] of Object.entries(admission.headers)) res.setHeader(name, value);
        if (admission.drop) {
          status = 0;
          return void req.socket.destroy();
        }
        lost = admission.lost;
      }
      this.jobs.runDue(this);
      if (control) {
        const result = handleControl(
          this,
          method,
          url.pathname.slice(CONTROL_PREFIX.length),
          url.searchParams,
          body,
        );
        this.store.commit();
        return answer(200, result);
      }
      if (!url.pathname.startsWith(`${API_PREFIX}/`)) throw ApiError.notFound();
      const path = url.pathname.slice(API_PREFIX.length);
      const result = await this.router.handle(this, {
        method,
        path,
        query: url.searchParams,
        authorization: req.headers.authorization,
        filter: req.headers["x-filter"]?.toString(),
        body,
      });
      this.store.commit();
      answer(result.status, result.body, result.headers);
    } catch (err) {
      if (err instanceof ApiError) {
        answer(err.status, { errors: err.errors }, err.headers);
      } else if (aborted(req)) {
        gone = true; // nothing was done, and no one is left to answer
      } else {
        console.error(`compute-emulator: ${method} ${url.pathname} failed:`, err);
        answer(500, { errors: [{ reason: "Internal server error" }] });
      }
    } finally {
      if (!url.pathname.startsWith(CONTROL_PREFIX) && !gone) {
        const path = url.pathname.slice(API_PREFIX.length);
        this.requestLog.push(
          lost ? { method, path, status: lost.status, handled: status } : { method, path, status },
        );
        if (this.requestLog.length > REQUEST_LOG_SIZE) this.requestLog.shift();
      }
    }
  }
}

/** The request target as a URL; one that does not parse becomes a path no route matches (404). */
function requestUrl(target: string | undefined): URL {
  try {
    return new URL(target ?? "/", "http://emulator");
  } catch {
    return new URL("/invalid-request-target", "http://emulator");
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
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw ApiError.badRequest("Request body must be valid JSON");
  }
  checkDepth(body);
  return body;
}

/** Answers the lost answer's status instead of the API's, or destroys the connection (status 0). */
function loseAnswer(req: http.IncomingMessage, res: http.ServerResponse, lost: LostAnswer) {
  if (lost.status === 0) return void req.socket.destroy();
  send(res, lost.status, { errors: [{ reason: lost.reason }] }, lost.headers);
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
