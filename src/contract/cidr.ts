/** IPv4 and CIDR arithmetic for subnet rules (canonical form, private ranges, overlap). */

export interface Cidr {
  /** Network address as an unsigned 32-bit integer. */
  base: number;
  prefix: number;
}

const OCTET = /^(0|[1-9]\d{0,2})$/;

export function parseIpv4(text: string): number | undefined {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((p) => OCTET.test(p) && Number(p) <= 255)) return undefined;
  return parts.reduce((acc, p) => acc * 256 + Number(p), 0);
}

export function formatIpv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join(".");
}

/** `10.0.0.0/24` → {base, prefix}; undefined when not an IPv4 CIDR at all. */
export function parseCidr(text: string): { address: number; prefix: number } | undefined {
  const match = /^([^/]+)\/(\d{1,2})$/.exec(text);
  if (!match) return undefined;
  const address = parseIpv4(match[1]!);
  const prefix = Number(match[2]);
  if (address === undefined || prefix > 32) return undefined;
  return { address, prefix };
}

export function size(prefix: number): number {
  return 2 ** (32 - prefix);
}

/** The network address of `address` under `prefix`. */
export function networkOf(address: number, prefix: number): number {
  return address - (address % size(prefix));
}

export function contains(outer: Cidr, address: number): boolean {
  return address >= outer.base && address < outer.base + size(outer.prefix);
}

export function overlaps(a: Cidr, b: Cidr): boolean {
  return a.base < b.base + size(b.prefix) && b.base < a.base + size(a.prefix);
}

export function cidr(text: string): Cidr {
  const parsed = parseCidr(text);
  if (!parsed) throw new Error(`not a CIDR: ${text}`);
  return { base: networkOf(parsed.address, parsed.prefix), prefix: parsed.prefix };
}

/** RFC 1918 private ranges. */
export const PRIVATE_RANGES: Cidr[] = ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"].map(cidr);

/** Reserved for the platform inside VPCs. */
export const RESERVED_VPC_RANGE: Cidr = cidr("192.168.128.0/17");

export function within(inner: Cidr, outer: Cidr): boolean {
  return inner.prefix >= outer.prefix && contains(outer, inner.base);
}
