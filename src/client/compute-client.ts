/**
 * The Compute API client: one axios instance per base URL and token. Every endpoint of the
 * contract is a typed call (`client.api.createVpc({body})`, its area of the contract loaded on its
 * first use), answers are parsed with the
 * contract's response schema, and lists are async iterators over every page (`client.each`).
 * Requests are paced (`pacing.ts`) by the process's pacer for the base URL and token, and retried
 * (`retry.ts`); `withDeadline` gives the calls of one operation its deadline.
 */
import axios, { AxiosError, type AxiosInstance } from "axios";
import type { endpoints } from "../contract/public";
import {
  fillPath,
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from "../contract/endpoint";
import { endpointNamed } from "../contract/endpoint-areas";
import { ErrorBody } from "../contract/errors";
import { FILTER_HEADER, type ListFilter } from "../contract/filter";
import { PAGE_SIZE, type ListEnvelope } from "../contract/pagination";
import { ComputeApiError, ContractViolationError } from "./errors";
import type { Pacer } from "./pacer";
import { accountKey, installPacing, PacedCall, sharedPacer } from "./pacing";
import { eachItem } from "./pagination";
import { DEFAULT_RETRY_POLICY, installRetries, type RetryPolicy } from "./retry";
import { formatDuration } from "./format-duration";
import { type Listing, sharedListingReads } from "./listing-reads";

export interface ClientOptions {
  /** Base URL ending in `/v4`. */
  baseUrl: string;
  /** Bearer token; omit for the public endpoints. */
  token?: string;
  retry?: Partial<RetryPolicy>;
  /** Per-request timeout in ms (default 30 000). */
  timeoutMs?: number;
  /** Receives one line per request: method, path, status, time. Never headers or bodies. */
  log?: (line: string) => void;
  /** Default: the process's pacer for this base URL and token, which every such client shares. */
  pacer?: Pacer;
}

/** Which listing a check may take (`recentListing`). */
export interface RecentListingOptions {
  /** The oldest listing it takes, in ms. */
  maxAgeMs: number;
  /** The most pages of 500 a new listing may have (default: any number). */
  maxPages?: number;
  /** Whether to list when no listing is recent enough (default: yes). */
  make?: boolean;
}

/** What the clients `withDeadline` makes share with the client they come from. */
interface Shared {
  http: AxiosInstance;
  policy: RetryPolicy;
  deadline?: number;
}

export interface CallArgs<E extends Endpoint> {
  params?: ParamsOf<E>;
  query?: Partial<QueryOf<E>>;
  body?: BodyOf<E>;
  /** A list's `X-Filter` (fields the endpoint's `filterable` names); `each` sends it with every page. */
  filter?: ListFilter;
  /** `fail`: a "busy" refusal comes back at once (`isBusy`), for a caller that waits on what holds
   * the instance rather than retrying blind. */
  busy?: "retry" | "fail";
  /** Filled, once answered, with when the answered attempt went out (after pacing and retries):
   * what its answer tells of the API holds since then. */
  sent?: { at?: number };
}

type ItemOf<E extends Endpoint> = ResponseOf<E> extends { data: (infer T)[] } ? T : never;

type Api = {
  [K in keyof typeof endpoints]: (
    args?: CallArgs<(typeof endpoints)[K]>,
  ) => Promise<ResponseOf<(typeof endpoints)[K]>>;
};

const USER_AGENT = "pulumi-compute/0.1";

export class ComputeClient {
  /** One typed call per endpoint of the contract. */
  readonly api: Api;
  private readonly http: AxiosInstance;
  private readonly policy: RetryPolicy;
  /** Throttled calls give up then (ms since the epoch); undefined: `throttleTimeoutMs` after each call starts. */
  private readonly deadline: number | undefined;

  constructor(
    private readonly options: ClientOptions,
    shared?: Shared,
  ) {
    this.policy = shared?.policy ?? { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.deadline = shared?.deadline;
    this.http = shared?.http ?? this.createHttp();
    // Each endpoint's call made on its first use, its area of the contract loaded then (`endpoint-areas.ts`).
    const made: Record<string, unknown> = {};
    this.api = new Proxy(made, {
      get: (_made, name) => {
        if (typeof name !== "string" || name in made) return Reflect.get(made, name);
        const endpoint = endpointNamed(name);
        if (!endpoint) return undefined;
        return (made[name] = (args?: CallArgs<Endpoint>) => this.call(endpoint, args));
      },
    }) as Api;
  }

  private createHttp(): AxiosInstance {
    const { options } = this;
    const http = axios.create({
      baseURL: options.baseUrl.replace(/\/+$/, ""),
      timeout: options.timeoutMs ?? 30_000,
      headers: {
        Accept: "application/json",
        "User-Agent": USER_AGENT,
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      },
      maxRedirects: 0,
    });
    const pacer = options.pacer ?? sharedPacer(options.baseUrl, options.token);
    installPacing(http, pacer);
    installRetries(http, this.policy, pacer);
    return http;
  }

  /** This client (same connection, pacer and retries) for calls whose throttled retries stop at
   * `deadline` (ms since the epoch): an operation's deadline for all its calls. */
  withDeadline(deadline: number): ComputeClient {
    return new ComputeClient(this.options, { http: this.http, policy: this.policy, deadline });
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  /** The account this client acts for (base URL and token digest): what the process's pacer and
   * poller are shared by. */
  get account(): string {
    return accountKey(this.options.baseUrl, this.options.token);
  }

  async call<E extends Endpoint>(endpoint: E, args: CallArgs<E> = {}): Promise<ResponseOf<E>> {
    const path = fillPath(endpoint.path, (args.params ?? {}) as Record<string, unknown>);
    const started = Date.now();
    const paced = new PacedCall(
      `${endpoint.method} ${endpoint.path}`,
      this.deadline ?? started + this.policy.throttleTimeoutMs,
      started,
    );
    paced.retryBusy = args.busy !== "fail";
    // A write: the listings it may change answer no more reads, from now and once it is answered.
    const listings = endpoint.method === "GET" ? undefined : sharedListingReads(this.account);
    listings?.wrote(path);
    let status = 0;
    try {
      const res = await this.http.request({
        paced,
        method: endpoint.method,
        url: path,
        params: args.query,
        data: args.body,
        headers: {
          ...(args.body === undefined ? {} : { "Content-Type": "application/json" }),
          ...(args.filter ? { [FILTER_HEADER]: JSON.stringify(args.filter) } : {}),
        },
      });
      status = res.status;
      if (args.sent) args.sent.at = paced.sentAt ?? started;
      if (res.status === 204) return undefined as ResponseOf<E>;
      const parsed = endpoint.response.safeParse(res.data);
      if (!parsed.success) throw new ContractViolationError(endpoint.method, path, parsed.error.message);
      return parsed.data as ResponseOf<E>;
    } catch (err) {
      if (err instanceof AxiosError) {
        const apiError = toApiError(err, endpoint.method, path, paced);
        status = apiError.status;
        throw apiError;
      }
      throw err;
    } finally {
      listings?.wrote(path);
      this.options.log?.(
        `${endpoint.method} ${path} -> ${status || "no response"} (${Date.now() - started} ms)`,
      );
    }
  }

  /** One page of a list endpoint (`pageSize`: the API's default, 100, unless given). */
  private page<E extends Endpoint>(endpoint: E, args: CallArgs<E>, page: number, pageSize?: number) {
    const paging = pageSize === undefined ? { page } : { page, page_size: pageSize };
    return this.call(endpoint, {
      ...args,
      // Every list endpoint's query holds `page` and `page_size`; of a generic E the compiler cannot know it.
      query: { ...args.query, ...paging } as unknown as Partial<QueryOf<E>>,
    }) as Promise<ListEnvelope<ItemOf<E>>>;
  }

  /**
   * Every item of a list endpoint in pages of the most the API gives (500), or undefined, after one
   * request, when there are more than `maxPages` such pages.
   */
  async upTo<E extends Endpoint>(
    endpoint: E,
    args: CallArgs<E>,
    maxPages: number,
  ): Promise<ItemOf<E>[] | undefined> {
    const items: ItemOf<E>[] = [];
    for (let page = 1; ; page++) {
      const envelope = await this.page(endpoint, args, page, PAGE_SIZE.max);
      if (envelope.pages > maxPages) return undefined;
      items.push(...envelope.data);
      if (page >= envelope.pages || envelope.data.length === 0) return items;
    }
  }

  /**
   * Every item of a list endpoint (in pages of 500), from the process's listing of it that still
   * answers reads, or a new one (`listing-reads.ts`); undefined when the listing failed.
   */
  listed<E extends Endpoint>(endpoint: E, params?: ParamsOf<E>): Promise<readonly ItemOf<E>[] | undefined> {
    const path = fillPath(endpoint.path, (params ?? {}) as Record<string, unknown>);
    return sharedListingReads(this.account).records(
      path,
      async () => (await this.upTo(endpoint, { params }, Number.POSITIVE_INFINITY))!,
    );
  }

  /**
   * For a check's lookup: a listing of the endpoint started within `maxAgeMs`, whatever this process
   * wrote since (`ListingReads.recent`), or, when `make`, a new one of at most `maxPages` pages of
   * 500. Undefined when there is none to take, when it failed, or when it has more pages.
   */
  recentListing<E extends Endpoint>(
    endpoint: E,
    params: ParamsOf<E> | undefined,
    { maxAgeMs, maxPages = Number.POSITIVE_INFINITY, make = true }: RecentListingOptions,
  ): Promise<Listing<ItemOf<E>> | undefined> {
    const path = fillPath(endpoint.path, (params ?? {}) as Record<string, unknown>);
    const list = make ? () => this.upTo(endpoint, { params }, maxPages) : undefined;
    return sharedListingReads(this.account).recent(path, maxAgeMs, list);
  }

  /** What a create's answer says a list endpoint holds (a new VPC's subnets) as of `at`, the time
   * its POST was sent: a listing for the checks that follow (`recentListing`); with `forReads:
   * false`, for them and the proofs of creates (`freshListing`) only. */
  seedListing<E extends Endpoint>(
    endpoint: E,
    params: ParamsOf<E>,
    records: readonly ItemOf<E>[],
    at: number,
    options?: { forReads?: boolean },
  ) {
    const path = fillPath(endpoint.path, params as Record<string, unknown>);
    sharedListingReads(this.account).seed(path, records, at, options);
  }

  /**
   * For a create's proof of what the parent held before its POST: every item of a list endpoint
   * from a listing started within `maxAgeMs` that this process has not written under since
   * (`ListingReads.fresh`), or a new one; undefined when the listing failed.
   */
  freshListing<E extends Endpoint>(
    endpoint: E,
    params: ParamsOf<E>,
    maxAgeMs: number,
  ): Promise<Listing<ItemOf<E>> | undefined> {
    const path = fillPath(endpoint.path, params as Record<string, unknown>);
    return sharedListingReads(this.account).fresh(
      path,
      maxAgeMs,
      async () => (await this.upTo(endpoint, { params }, Number.POSITIVE_INFINITY))!,
    );
  }

  /** The item of this ID in `listed`'s listing of the endpoint; undefined if it lacks it or failed. */
  async listedItem<E extends Endpoint>(
    endpoint: E,
    id: string | number,
    params?: ParamsOf<E>,
  ): Promise<ItemOf<E> | undefined> {
    return (await this.listed(endpoint, params))?.find((item) => idOf(item) === String(id));
  }

  /** Every item of a list endpoint, page after page. */
  each<E extends Endpoint>(endpoint: E, args: CallArgs<E> = {}): AsyncGenerator<ItemOf<E>> {
    return eachItem((page) => this.page(endpoint, args, page));
  }
}

/** A list item's `id`, as a string (numeric IDs and `compute/debian12` alike). */
const idOf = (item: unknown) =>
  typeof item === "object" && item !== null && "id" in item ? String(item.id) : undefined;

/** Rebuilds an axios error as a ComputeApiError that holds no request configuration or headers. */
function toApiError(err: AxiosError, method: string, path: string, paced: PacedCall): ComputeApiError {
  if (!err.response) {
    return new ComputeApiError(
      0,
      [{ reason: err.code ? `${err.code}: ${err.message}` : err.message }],
      method,
      path,
      err.code,
    );
  }
  const body = ErrorBody.safeParse(err.response.data);
  const errors =
    body.success && body.data.errors.length ? body.data.errors : [{ reason: `HTTP ${err.response.status}` }];
  const status = err.response.status;
  const attempts = paced.throttled + 1;
  const detail = paced.outOfTime
    ? `throttled past the deadline (after ${formatDuration(Date.now() - paced.since)}, ${attempts} attempt${attempts > 1 ? "s" : ""})`
    : undefined;
  return new ComputeApiError(status, errors, method, path, undefined, detail);
}
