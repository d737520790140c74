/**
 * What the account owner starts with: two authorized apps, two trusted devices and a login history
 * (one login older than 90 days, so it is already out of the history). Times are relative to the
 * emulator's clock when the owner is seeded; addresses are from the documentation ranges.
 */
import type { Clock } from "../clock";
import type { Store } from "../store";
import type { UserRow } from "../state";

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
const LAPTOP =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15";

export function seedOwnerSessions(store: Store, clock: Clock, user: UserRow): void {
  const now = clock.now();
  const at = (offsetMs: number) => clock.timestamp(now + offsetMs);

  const apps = [
    {
      label: "Uptime Board",
      scopes: "computes:read_only events:read_only",
      created: at(-40 * DAY_MS),
      expiry: null,
      website: "https://uptime-board.example.com",
    },
    {
      label: "Backup Scheduler",
      scopes: "computes:read_write images:read_write",
      created: at(-10 * DAY_MS),
      expiry: at(80 * DAY_MS),
      website: "https://backup-scheduler.example.org",
    },
  ];
  for (const app of apps) {
    store.table("apps").put({
      id: store.nextId("app"),
      user_id: user.id,
      ...app,
      thumbnail_url: `${app.website}/logo.png`,
    });
  }

  const devices = [
    { created: at(-3 * DAY_MS), last: at(-2 * HOUR_MS), addr: "203.0.113.24", agent: BROWSER },
    { created: at(-12 * DAY_MS), last: at(-1 * DAY_MS), addr: "198.51.100.7", agent: LAPTOP },
  ];
  for (const d of devices) {
    store.table("devices").put({
      id: store.nextId("device"),
      user_id: user.id,
      created: d.created,
      expiry: clock.timestamp(Date.parse(`${d.created}Z`) + 30 * DAY_MS),
      last_authenticated: d.last,
      last_remote_addr: d.addr,
      user_agent: d.agent,
    });
  }

  const logins = [
    { ago: 120 * DAY_MS, ip: "192.0.2.44" },
    { ago: 45 * DAY_MS, ip: "198.51.100.7" },
    { ago: 12 * DAY_MS, ip: "198.51.100.7" },
    { ago: 3 * DAY_MS, ip: "203.0.113.24" },
  ];
  for (const l of logins) {
    store.table("logins").put({
      id: store.nextId("login"),
      user_id: user.id,
      datetime: at(-l.ago),
      ip: l.ip,
      restricted: user.restricted,
      status: "successful",
      username: user.username,
    });
  }
}
