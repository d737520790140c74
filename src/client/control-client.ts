/** A small client of the emulator's control API, for tests and users' CI. */
import axios, { type AxiosInstance } from "axios";
import {
  ClockResponse,
  EventsResponse,
  RequestLogResponse,
  SeedUserResponse,
  type FaultRequest,
  type SeedUserRequest,
} from "../contract";

export class ControlClient {
  private readonly http: AxiosInstance;

  /** `controlUrl` is the emulator's `/_emulator` URL; `ControlClient.forApi` derives it from a `/v4` URL. */
  constructor(controlUrl: string) {
    this.http = axios.create({ baseURL: controlUrl.replace(/\/+$/, ""), timeout: 10_000 });
  }

  static forApi(apiUrl: string): ControlClient {
    return new ControlClient(apiUrl.replace(/\/v4\/?$/, "/_emulator"));
  }

  async reset(): Promise<void> {
    await this.http.post("/reset");
  }

  async seedUser(req: SeedUserRequest) {
    return SeedUserResponse.parse((await this.http.post("/users", req)).data);
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

  async injectFault(fault: FaultRequest): Promise<void> {
    await this.http.post("/faults", fault);
  }

  async clearFaults(): Promise<void> {
    await this.http.delete("/faults");
  }
}
