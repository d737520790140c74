/**
 * The address pools instances draw from: public IPv4 in a documentation-style range, private IPv4 in
 * 192.168.128.0/17 and SLAAC IPv6, each from its own sequence of the store (never reused).
 */
import type { Store } from "../store";

/** Public IPv4 addresses come from a documentation-style pool, never reused. */
export function allocatePublicIpv4(store: Store): string {
  const n = store.nextId("public_ipv4") - 1;
  return `172.233.${Math.floor(n / 250) % 256}.${(n % 250) + 2}`;
}

/** Private IPv4 addresses live in 192.168.128.0/17, as on the real platform. */
export function allocatePrivateIpv4(store: Store): string {
  const n = store.nextId("private_ipv4") - 1;
  return `192.168.${128 + (Math.floor(n / 250) % 128)}.${(n % 250) + 2}`;
}

export function allocateIpv6(store: Store): string {
  const n = store.nextId("ipv6");
  const hex = n.toString(16).padStart(6, "0");
  return `2600:3c0a::f03c:94ff:fe${hex.slice(0, 2)}:${hex.slice(2)}/128`;
}
