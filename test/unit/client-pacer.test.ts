/** The pacer on a fake clock: who goes, in what order, and when a class closes and reopens. */
import { MAX_RESET_WAIT_MS, Pacer, type Pass, type PacerClock } from "../../src/client/pacer";
import { readRateAnswer, type RateAnswer } from "../../src/client/rate-headers";

class FakeClock implements PacerClock {
  private t = 1_000_000;
  private timers: { at: number; fn: () => void }[] = [];
  now = () => this.t;
  after(ms: number, fn: () => void) {
    const timer = { at: this.t + ms, fn };
    this.timers.push(timer);
    return () => (this.timers = this.timers.filter((x) => x !== timer));
  }
  get pending() {
    return this.timers.length;
  }
  advance(ms: number) {
    const until = this.t + ms;
    for (;;) {
      const next = this.timers.filter((x) => x.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      this.timers = this.timers.filter((x) => x !== next);
      this.t = next.at;
      next.fn();
    }
    this.t = until;
  }
}

const CREATE = "POST /compute/instances";
const FAR = Number.MAX_SAFE_INTEGER;

let clock: FakeClock;
let pacer: Pacer;
/** Passes in the order requests were let through, by name. */
let admitted: { name: string; pass: Pass }[];

beforeEach(() => {
  clock = new FakeClock();
  pacer = new Pacer(clock);
  admitted = [];
});

/** Promises settle on the microtask queue: let them run. */
const flush = () => new Promise((resolve) => setImmediate(resolve));

async function request(name: string, options: { cls?: string; deadline?: number; since?: number } = {}) {
  void pacer
    .acquire(options.cls ?? CREATE, options.deadline ?? FAR, options.since)
    .then((pass) => admitted.push({ name, pass }));
  await flush();
}

const names = () => admitted.map((a) => a.name);
/** Answers the request `name` got through with. */
async function answer(name: string, rate: Partial<RateAnswer> = {}) {
  const found = admitted.find((a) => a.name === name);
  if (!found) throw new Error(`${name} was not let through`);
  pacer.settle(found.pass, { status: 200, ...rate });
  await flush();
}
const window = (limit: number, remaining: number, resetInMs = 30_000) => ({
  limit,
  remaining,
  resetAt: clock.now() + resetInMs,
});

it("lets the first request of a class go alone, then as many as the window has left", async () => {
  for (const name of ["a", "b", "c", "d", "e"]) await request(name);
  expect(names()).toEqual(["a"]);
  await answer("a", window(10, 2));
  expect(names()).toEqual(["a", "b", "c"]);
  expect(pacer.snapshot(CREATE)).toMatchObject({ budget: 0, inFlight: 2, waiting: 2 });
});

it("counts requests in flight against what an answer says is left", async () => {
  for (const name of ["a", "b", "c", "d", "e", "f"]) await request(name);
  await answer("a", window(10, 3));
  expect(names()).toEqual(["a", "b", "c", "d"]);
  // b's answer says 2 are left, but c and d are still in flight.
  await answer("b", window(10, 2));
  expect(names()).toEqual(["a", "b", "c", "d"]);
  await answer("c", window(10, 1));
  await answer("d", window(10, 1));
  expect(names()).toEqual(["a", "b", "c", "d", "e"]);
});

it("lets everything through for a class whose answers carry no rate headers", async () => {
  for (const name of ["a", "b", "c", "d"]) await request(name);
  await answer("a");
  expect(names()).toEqual(["a", "b", "c", "d"]);
  await request("e");
  expect(names()).toContain("e");
  expect(pacer.snapshot(CREATE).budget).toBe(Number.POSITIVE_INFINITY);
});

it("closes an exhausted window until X-RateLimit-Reset, then sends one request before the rest", async () => {
  for (const name of ["a", "b", "c", "d", "e"]) await request(name);
  await answer("a", window(2, 1));
  await answer("b", window(2, 0, 30_000));
  expect(names()).toEqual(["a", "b"]);
  expect(pacer.reopensAt(CREATE)).toBe(clock.now() + 30_000);
  clock.advance(29_999);
  await flush();
  expect(names()).toEqual(["a", "b"]);
  clock.advance(1);
  await flush();
  expect(names()).toEqual(["a", "b", "c"]);
  await answer("c", window(2, 1));
  expect(names()).toEqual(["a", "b", "c", "d"]);
  expect(pacer.snapshot(CREATE)).toMatchObject({ waiting: 1, inFlight: 1, budget: 0 });
});

it("closes a class for a 429's Retry-After, then sends one request before the rest", async () => {
  for (const name of ["a", "b", "c"]) await request(name);
  pacer.settle(admitted[0]!.pass, { status: 429, retryAfterMs: 7_000 });
  await flush();
  await request("a-again", { since: 0 });
  expect(names()).toEqual(["a"]);
  clock.advance(7_000);
  await flush();
  // The retry keeps its place: it began before the others.
  expect(names()).toEqual(["a", "a-again"]);
  await answer("a-again");
  expect(names()).toEqual(["a", "a-again", "b", "c"]);
});

it("lets a request whose deadline comes before the reopening go at once, and the others wait", async () => {
  await request("a");
  pacer.settle(admitted[0]!.pass, { status: 429, retryAfterMs: 60_000 });
  await request("patient", { deadline: clock.now() + 120_000 });
  await request("hurried", { deadline: clock.now() + 1_000 });
  expect(names()).toEqual(["a", "hurried"]);
});

it("keeps classes apart", async () => {
  await request("create");
  pacer.settle(admitted[0]!.pass, { status: 429, retryAfterMs: 60_000 });
  await request("list", { cls: "GET /vpcs" });
  expect(names()).toEqual(["create", "list"]);
  expect(pacer.reopensAt("GET /vpcs")).toBe(0);
});

it("counts one window that two classes' answers share (same limit and reset, the account's general one) once", async () => {
  const LIST = "GET /vpcs";
  for (const name of ["c1", "c2", "c3", "c4", "c5"]) await request(name);
  for (const name of ["l1", "l2", "l3"]) await request(name, { cls: LIST });
  const general = window(800, 3, 60_000);
  await answer("c1", general);
  expect(names()).toEqual(["c1", "l1", "c2", "c3", "c4"]);
  // 3 left in the window the creates also count against, and 3 creates in flight: no list may go.
  await answer("l1", general);
  expect(names()).toEqual(["c1", "l1", "c2", "c3", "c4"]);
  // One create answered: one left in the shared window, two creates in flight: still none.
  await answer("c2", { ...general, remaining: 2 });
  expect(names()).toEqual(["c1", "l1", "c2", "c3", "c4"]);
  await answer("c3", { ...general, remaining: 2 });
  expect(names()).toEqual(["c1", "l1", "c2", "c3", "c4", "c5"]);
});

it("closes every class whose last answer told of a window another class found exhausted", async () => {
  const LIST = "GET /vpcs";
  await request("c1");
  await request("l1", { cls: LIST });
  await answer("l1", window(800, 5, 60_000));
  await answer("c1", window(800, 0, 60_000));
  expect(pacer.reopensAt(LIST)).toBe(clock.now() + 60_000);
  await request("l2", { cls: LIST });
  expect(names()).toEqual(["c1", "l1"]);
  clock.advance(60_000);
  await flush();
  expect(names()).toEqual(["c1", "l1", "l2"]);
});

it("does not believe a Reset too far off: one request goes to ask", async () => {
  for (const name of ["a", "b", "c"]) await request(name);
  await answer("a", window(1, 0, MAX_RESET_WAIT_MS + 1));
  expect(pacer.reopensAt(CREATE)).toBe(0);
  expect(names()).toEqual(["a", "b"]);
});

it("ignores an answer from an earlier window", async () => {
  for (const name of ["a", "b", "c", "d", "e", "f", "g", "h"]) await request(name);
  await answer("a", window(10, 3));
  const first = window(10, 0);
  clock.advance(30_000);
  // b was counted in the next window: 9 left, less c and d in flight.
  await answer("b", window(10, 9));
  expect(names()).toEqual(["a", "b", "c", "d", "e", "f", "g", "h"]);
  await answer("c", first);
  expect(pacer.snapshot(CREATE)).toMatchObject({ reopenAt: 0, budget: 3 });
});

it("without X-RateLimit-Reset, takes the latest answer: a window found open again is used", async () => {
  for (const name of ["a", "b", "c", "d"]) await request(name);
  await answer("a", { limit: 10, remaining: 0 });
  // Nothing says when it reopens: b goes alone to find out, and finds it open.
  expect(names()).toEqual(["a", "b"]);
  await answer("b", { limit: 10, remaining: 9 });
  expect(names()).toEqual(["a", "b", "c", "d"]);
});

it("ignores answers to requests sent before the class closed", async () => {
  for (const name of ["a", "b", "c", "d"]) await request(name);
  await answer("a", window(10, 2));
  pacer.settle(admitted[1]!.pass, { status: 429, retryAfterMs: 10_000 });
  await answer("c", window(10, 5));
  expect(pacer.reopensAt(CREATE)).toBe(clock.now() + 10_000);
  expect(names()).toEqual(["a", "b", "c"]);
});

it("sends the next request alone when one fails without an answer and nothing else tells the budget", async () => {
  for (const name of ["a", "b", "c"]) await request(name);
  pacer.settle(admitted[0]!.pass, undefined);
  await flush();
  expect(names()).toEqual(["a", "b"]);
  pacer.settle(admitted[1]!.pass, { status: 502 });
  await flush();
  expect(names()).toEqual(["a", "b", "c"]);
});

it("leaves no timer behind when nothing waits", async () => {
  await request("a");
  pacer.settle(admitted[0]!.pass, { status: 429, retryAfterMs: 60_000 });
  expect(clock.pending).toBe(0);
  await request("b");
  expect(clock.pending).toBe(1);
  clock.advance(60_000);
  await flush();
  expect(names()).toEqual(["a", "b"]);
  expect(clock.pending).toBe(0);
});

describe("rate headers", () => {
  it("read X-RateLimit-* and Retry-After in seconds or as an HTTP date", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(
      readRateAnswer(
        429,
        {
          "x-ratelimit-limit": "10",
          "x-ratelimit-remaining": "0",
          "x-ratelimit-reset": String(now / 1000 + 30),
          "retry-after": "30",
        },
        now,
      ),
    ).toEqual({ status: 429, limit: 10, remaining: 0, resetAt: now + 30_000, retryAfterMs: 30_000 });
    expect(readRateAnswer(429, { "retry-after": "Thu, 01 Jan 2026 00:00:05 GMT" }, now).retryAfterMs).toBe(
      5_000,
    );
    expect(readRateAnswer(200, { "x-ratelimit-limit": "", "retry-after": "soon" }, now)).toEqual({
      status: 200,
      limit: undefined,
      remaining: undefined,
      resetAt: undefined,
      retryAfterMs: undefined,
    });
  });
});
