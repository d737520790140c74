/** API requests by kind, for the benches' reports. */
import type { RequestLogEntry } from "pulumi-compute/contract";

/** `POST /vpcs/:id/subnets ×6`, in order of first appearance; `none` for no request. */
export function requestKinds(entries: Pick<RequestLogEntry, "method" | "path">[]): string {
  const kinds = new Map<string, number>();
  for (const e of entries) {
    const key = `${e.method} ${e.path.replace(/\?.*$/, "").replace(/\/\d+(?=\/|$)/g, "/:id")}`;
    kinds.set(key, (kinds.get(key) ?? 0) + 1);
  }
  return [...kinds].map(([k, n]) => `${k} ×${n}`).join(", ") || "none";
}
