/** A small client of the emulator's control API, for tests and users' CI. */
import * as http from "node:http";
import axios, { type AxiosInstance } from "axios";
import {
  ClockResponse,
  CodesResponse,
  EventsResponse,
  FaultProfileResponse,
  RateLimitSettings,
  RequestLogResponse,
  SeedUserResponse,
  type CodesQuery,
  type FaultProfile,
  type FaultRequest,
  type RateLimitRequest,
  type SeedUserRequest,
} from "../contract";

export class ControlClient {
  private readonly http: AxiosInstance;

  /**
   * `controlUrl` is the emulator's `/_emulator` URL; `ControlClient.forApi` derives it from a `/v4` URL.
   * `token` is the emulator's token (`--token`), sent as a bearer token: an emulator listening beyond
   * loopback answers the control API 401 without it.
   */
  constructor(controlUrl: string, token?: string) {
    this.http = axios.create({
      baseURL: controlUrl.replace(/\/+$/, ""),
      timeout: 10_000,
      // A connection per call: a kept-alive one, idle as long as the emulator's keep-alive timeout
      // (5 s), may be closed by it just as the next call reuses it (ECONNRESET).
      httpAgent: new http.Agent({ keepAlive: false }),
      headers: token === undefined ? {} : { Authorization: `Bearer ${token}` },
    });
  }

  static forApi(apiUrl: string, token?: string): ControlClient {
    return new ControlClient(apiUrl.replace(/\/v4\/?$/, "/_emulator"), token);
  }

  async reset(): Promise<void> {
    await this.http.post("/reset");
  }

  async seedUser(req: SeedUserRequest) {
    return SeedUserResponse.parse((await this.http.post("/users", req)).data);
  }

  /**
   * One-time codes users would receive out of band: the SMS code sent and still valid, and the
   * current TOTP code of a pending or enabled two-factor secret. Only users with a code are listed.
   */
  async codes(filter: CodesQuery = {}) {
    return CodesResponse.parse((await this.http.get("/codes", { params: filter })).data).data;
  }

  async events(filter: { action?: string; entity_type?: string; entity_id?: string | number } = {}) {
    return EventsResponse.parse((await this.http.get("/events", { params: filter })).data).data;
  }

  /** The API requests the emulator answered (method, path below /v4, status), oldest first. */
  async requests() {
    return RequestLogResponse.parse((await this.http.get("/requests")).data).data;
  }

  async clearRequests(): Promise<void> {
    await this.http.delete("/requests");
  }

  async clock(change: { advance_ms?: number; scale?: number } = {}) {
    const res = Object.keys(change).length
      ? await this.http.post("/clock", change)
      : await this.http.get("/clock");
    return ClockResponse.parse(res.data);
  }

  /** Lifecycle durations in emulated ms by name (`instance.create`, `instance.boot`, ...); sets the ones given. */
  async timings(change: Record<string, number> = {}): Promise<Record<string, number>> {
    const res = Object.keys(change).length
      ? await this.http.post("/timings", change)
      : await this.http.get("/timings");
    return res.data as Record<string, number>;
  }

  async injectFault(fault: FaultRequest): Promise<void> {
    await this.http.post("/faults", fault);
  }

  /** Removes queued faults and the fault profile. */
  async clearFaults(): Promise<void> {
    await this.http.delete("/faults");
  }

  /** The standing fault profile (with its seed), or null. */
  async faultProfile() {
    return FaultProfileResponse.parse((await this.http.get("/faults/profile")).data).profile;
  }

  /** Sets the standing fault profile; its random draws start over from the seed. */
  async setFaultProfile(profile: FaultProfile) {
    return FaultProfileResponse.parse((await this.http.post("/faults/profile", profile)).data).profile;
  }

  async clearFaultProfile(): Promise<void> {
    await this.http.delete("/faults/profile");
  }

  async rateLimits() {
    return RateLimitSettings.parse((await this.http.get("/rate-limits")).data);
  }

  /** Changes the fields given (`{enabled: true}` turns the real API's limits on); windows start over. */
  async setRateLimits(change: RateLimitRequest) {
    return RateLimitSettings.parse((await this.http.post("/rate-limits", change)).data);
  }

  /** Back to the limits the emulator started with; windows start over. */
  async resetRateLimits() {
    return RateLimitSettings.parse((await this.http.delete("/rate-limits")).data);
  }

  async openApi(): Promise<Record<string, unknown>> {
    return (await this.http.get("/openapi.json")).data as Record<string, unknown>;
  }
}
