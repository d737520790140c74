/**
 * Interfaces of a config as the provider's inputs and outputs hold them (camelCase, `primary` always,
 * other fields only when set), their requests, and the API's records read back in the shape that was
 * asked: shared by InstanceConfig (an inline list), ConfigInterface (one) and Instance (at create).
 */
import { z } from "zod";
import {
  INTERFACE_PURPOSES,
  InterfaceList,
  type ConfigInterface,
  type InterfaceRequest,
} from "../../contract/configs";
import { bool, idFrom } from "../../contract/fields";
import { checkedAs } from "../core/input-schema";
import { issueOrigin } from "../core/issue-origin";

/** Runs `schema` on a value and reports each issue with its path (`[1].subnetId: ...`), which a
 * check failure (one per property) would otherwise lose. */
export function withPaths<T extends z.ZodType>(schema: T) {
  const checked = z.unknown().transform((value, ctx): z.output<T> => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      const at = issue.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("");
      ctx.addIssue({
        code: "custom",
        message: at ? `${at.replace(/^\./, "")}: ${issue.message}` : issue.message,
        // Where it was and what, for check to tell what a value not yet known can cause.
        params: issueOrigin(issue),
      });
    }
    return z.NEVER;
  });
  // Its input is what `schema` takes (the package schema's type, the reference pages).
  return checked.register(checkedAs, { input: () => schema });
}

export const InterfaceInput = z
  .strictObject({
    purpose: z.enum(INTERFACE_PURPOSES, {
      error: (iss) =>
        iss.input === undefined ? "purpose is required" : "purpose must be one of public, vlan, vpc",
    }),
    primary: bool("primary").optional(),
    label: z.string({ error: "label must be a string" }).optional(),
    ipamAddress: z.string({ error: "ipamAddress must be a string" }).optional(),
    subnetId: idFrom("subnetId").optional(),
    ipv4: z
      .strictObject({
        vpc: z.string({ error: "ipv4.vpc must be a string" }).optional(),
        nat11: z.string({ error: "ipv4.nat11 must be a string" }).optional(),
      })
      .optional(),
    ipRanges: z.array(z.string({ error: "ipRanges must hold strings" })).optional(),
    // One type of the package schema, named as the classes name it.
  })
  .meta({ title: "InstanceConfigInterface" });

/** One interface as inputs and outputs hold it: `primary` always, other fields only when set. */
export interface InterfaceShape {
  purpose: (typeof INTERFACE_PURPOSES)[number];
  primary: boolean;
  label?: string;
  ipamAddress?: string;
  subnetId?: number;
  ipv4?: { vpc?: string; nat11?: string };
  ipRanges?: string[];
}

/** Leaves out undefined, null, "" and [] (the API answers null, "" or [] for "none"), and empty objects. */
export function compact<T extends object>(value: T): T {
  const blank = (v: unknown) =>
    v === undefined ||
    v === null ||
    v === "" ||
    (Array.isArray(v) && v.length === 0) ||
    (typeof v === "object" && !Array.isArray(v) && Object.keys(v).length === 0);
  // The same record less its blank keys: fromEntries types it anew, as any record.
  return Object.fromEntries(Object.entries(value).filter(([, v]) => !blank(v))) as T;
}

export function shapeOf(i: z.infer<typeof InterfaceInput>): InterfaceShape {
  return compact({
    purpose: i.purpose,
    primary: i.primary ?? false,
    label: i.label,
    ipamAddress: i.ipamAddress,
    subnetId: i.subnetId,
    ipv4: i.ipv4 && compact({ vpc: i.ipv4.vpc, nat11: i.ipv4.nat11 }),
    ipRanges: i.ipRanges,
  });
}

export function interfaceRequest(i: InterfaceShape): InterfaceRequest {
  return {
    purpose: i.purpose,
    primary: i.primary,
    label: i.label,
    ipam_address: i.ipamAddress,
    subnet_id: i.subnetId,
    ipv4: i.ipv4 && { vpc: i.ipv4.vpc, nat_1_1: i.ipv4.nat11 },
    ip_ranges: i.ipRanges,
  };
}

/** The contract's names in its messages, as the inputs spell them. */
export const camel = (message: string) =>
  message
    .replace(/\bsubnet_id\b/g, "subnetId")
    .replace(/\bipam_address\b/g, "ipamAddress")
    .replace(/\bip_ranges\b/g, "ipRanges")
    .replace(/\bnat_1_1\b/g, "nat11");

/** The contract's rules over the list (per purpose, 0..3 items, one primary, ...), named in camelCase. */
export const InterfacesInput = withPaths(
  z
    .array(InterfaceInput, { error: "interfaces must be a list of interfaces" })
    .transform((list) => list.map(shapeOf))
    .superRefine((list, ctx) => {
      const result = InterfaceList.safeParse(list.map(interfaceRequest));
      if (result.success) return;
      for (const issue of result.error.issues) {
        ctx.addIssue({
          code: "custom",
          path: issue.path.map((p) => (typeof p === "number" ? p : camel(String(p)))),
          message: camel(issue.message),
        });
      }
    }),
);

/**
 * One API interface in the shape asked (`asked` undefined: nothing asked): a VPC address the API
 * chose is left out unless one was asked, and a 1:1 NAT asked as `any` stays `any` while the API
 * holds an address for it.
 */
export function interfaceShapeOf(r: ConfigInterface, asked: InterfaceShape | undefined): InterfaceShape {
  const nat = r.ipv4?.nat_1_1 ?? undefined;
  return compact({
    purpose: r.purpose,
    primary: r.primary,
    label: r.label ?? undefined,
    ipamAddress: r.ipam_address ?? undefined,
    subnetId: r.subnet_id ?? undefined,
    ipv4: r.ipv4
      ? compact({
          vpc: asked === undefined || asked.ipv4?.vpc !== undefined ? (r.ipv4.vpc ?? undefined) : undefined,
          nat11: nat !== undefined && asked?.ipv4?.nat11 === "any" ? "any" : nat,
        })
      : undefined,
    ipRanges: r.ip_ranges ?? undefined,
  });
}

/** The API's interface list in the shape asked (see `interfaceShapeOf`). */
export function interfacesOf(records: ConfigInterface[], asked: unknown): InterfaceShape[] {
  const askedList: InterfaceShape[] | undefined = Array.isArray(asked) ? asked : undefined;
  return records.map((r, i) => interfaceShapeOf(r, askedList?.[i]));
}

/** Every interface as the API holds it (IDs, addresses, whether active). */
export function detailsOf(records: ConfigInterface[]) {
  return records.map((r) => ({
    id: r.id,
    purpose: r.purpose,
    primary: r.primary,
    active: r.active,
    label: r.label,
    ipamAddress: r.ipam_address,
    subnetId: r.subnet_id,
    vpcId: r.vpc_id,
    ipv4: r.ipv4 && { vpc: r.ipv4.vpc, nat11: r.ipv4.nat_1_1 },
    ipRanges: r.ip_ranges,
  }));
}
