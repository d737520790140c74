/** VPCs, VPC subnets and VPC IP lists: records, requests, limits and endpoints. */
import { z } from "zod";
import {
  cidr,
  parseCidr,
  networkOf,
  formatIpv4,
  PRIVATE_RANGES,
  RESERVED_VPC_RANGE,
  within,
  overlaps,
} from "./cidr";
import { endpoint } from "./endpoint";
import { dateTime, idFrom, realOnlyNull, text } from "./fields";
import { listEnvelope, PageQuery } from "./pagination";

export const VPC_LIMITS = {
  label: { min: 1, max: 64 },
  description: { max: 255 },
  subnetPrefix: { min: 1, max: 29 },
} as const;

const LABEL_CHARS = /^[a-zA-Z0-9-]*$/;
const LABEL_CHARS_REASON = "Label must include only ASCII letters, numbers, and dashes";

export const VpcLabel = text("label", VPC_LIMITS.label).regex(LABEL_CHARS, LABEL_CHARS_REASON);
export const SubnetLabel = text("label", VPC_LIMITS.label).regex(LABEL_CHARS, LABEL_CHARS_REASON);
export const VpcDescription = text("description", VPC_LIMITS.description);

/** Subnet range: an RFC 1918 IPv4 CIDR in canonical form, prefix 1..29, outside 192.168.128.0/17. */
export const SubnetIpv4 = text("ipv4").superRefine((value, ctx) => {
  const parsed = parseCidr(value);
  if (!parsed) {
    ctx.addIssue({
      code: "custom",
      message: "ipv4 must be an IPv4 range in CIDR notation, e.g. 10.0.0.0/24",
    });
    return;
  }
  const { address, prefix } = parsed;
  const { min, max } = VPC_LIMITS.subnetPrefix;
  if (prefix < min || prefix > max) {
    ctx.addIssue({ code: "custom", message: `ipv4 prefix length must be ${min}..${max}` });
    return;
  }
  const canonical = `${formatIpv4(networkOf(address, prefix))}/${prefix}`;
  if (canonical !== value) {
    ctx.addIssue({ code: "custom", message: `ipv4 must be in canonical CIDR form: ${canonical}` });
    return;
  }
  const range = cidr(value);
  if (!PRIVATE_RANGES.some((r) => within(range, r))) {
    ctx.addIssue({
      code: "custom",
      message: "ipv4 must be inside a private range (10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16)",
    });
  } else if (overlaps(range, RESERVED_VPC_RANGE)) {
    ctx.addIssue({ code: "custom", message: "ipv4 must not overlap the reserved range 192.168.128.0/17" });
  }
});

/** An instance on a subnet as the real API of this release answers it: its interfaces there. */
export const SubnetCompute = z.object({
  id: z.number().int(),
  interfaces: z.array(z.object({ id: z.number().int(), active: z.boolean() })),
});
export type SubnetCompute = z.infer<typeof SubnetCompute>;

export const Subnet = z.object({
  id: z.number().int(),
  label: z.string(),
  ipv4: z.string(),
  /** The spec: instance IDs; the real API: `{id, interfaces}` objects. Both parse; `subnetComputeIds` reads either. */
  computes: z.array(z.union([z.number().int(), SubnetCompute])),
  /** Beyond the spec: null (IPv6 in VPCs was in beta at this release). */
  ipv6: realOnlyNull,
  created: dateTime,
  updated: dateTime.nullable(),
});
export type Subnet = z.infer<typeof Subnet>;

/** The IDs of the instances on a subnet, from either shape of `computes`. */
export function subnetComputeIds(subnet: Pick<Subnet, "computes">): number[] {
  return subnet.computes.map((c) => (typeof c === "number" ? c : c.id));
}

export const Vpc = z.object({
  id: z.number().int(),
  label: z.string(),
  description: z.string(),
  region: z.string(),
  subnets: z.array(Subnet),
  created: dateTime,
  updated: dateTime.nullable(),
});
export type Vpc = z.infer<typeof Vpc>;

export const VpcIp = z.object({
  active: z.boolean(),
  address: z.string().nullable(),
  address_range: z.string().nullable(),
  config_id: z.number().int(),
  gateway: z.string().nullable(),
  interface_id: z.number().int(),
  compute_id: z.number().int(),
  nat_1_1: z.string().nullable(),
  prefix: z.number().int().nullable(),
  region: z.string(),
  subnet_id: z.number().int(),
  subnet_mask: z.string(),
  vpc_id: z.number().int(),
});
export type VpcIp = z.infer<typeof VpcIp>;

export const SubnetCreateRequest = z.object({ label: SubnetLabel, ipv4: SubnetIpv4 });
export type SubnetCreateRequest = z.infer<typeof SubnetCreateRequest>;

export const VpcCreateRequest = z.object({
  label: VpcLabel,
  region: text("region", { min: 1, max: 64 }),
  description: VpcDescription.optional(),
  subnets: z.array(SubnetCreateRequest, { error: "subnets must be an array" }).optional(),
});
export type VpcCreateRequest = z.infer<typeof VpcCreateRequest>;

export const VpcUpdateRequest = z.object({
  label: VpcLabel.optional(),
  description: VpcDescription.optional(),
});
export type VpcUpdateRequest = z.infer<typeof VpcUpdateRequest>;

export const SubnetUpdateRequest = z.object({ label: SubnetLabel.optional() });
export type SubnetUpdateRequest = z.infer<typeof SubnetUpdateRequest>;

export const VpcParams = z.object({ vpcId: idFrom("vpcId") });
export const SubnetParams = z.object({ vpcId: idFrom("vpcId"), vpcSubnetId: idFrom("vpcSubnetId") });

/** VPC IP fields an X-Filter may use (the 4.174.0 notes and the 4.173.0 spec text together). */
const VPC_IP_FILTERABLE = ["active", "address", "compute_id", "config_id", "prefix", "region", "vpc_id"];

export const vpcEndpoints = {
  listVpcs: endpoint({
    name: "listVpcs",
    method: "GET",
    path: "/vpcs",
    query: PageQuery,
    response: listEnvelope(Vpc),
    filterable: ["id", "label", "region", "created", "updated"],
    summary: "Lists VPCs",
  }),
  createVpc: endpoint({
    name: "createVpc",
    method: "POST",
    path: "/vpcs",
    scopes: ["vpc:read_write"],
    body: VpcCreateRequest,
    response: Vpc,
    summary: "Creates a VPC, with optional subnets; needs grant add_vpcs",
  }),
  getVpc: endpoint({
    name: "getVpc",
    method: "GET",
    path: "/vpcs/{vpcId}",
    params: VpcParams,
    response: Vpc,
    summary: "One VPC",
  }),
  updateVpc: endpoint({
    name: "updateVpc",
    method: "PUT",
    path: "/vpcs/{vpcId}",
    scopes: ["vpc:read_write"],
    params: VpcParams,
    body: VpcUpdateRequest,
    response: Vpc,
    summary: "Updates label and description",
  }),
  deleteVpc: endpoint({
    name: "deleteVpc",
    method: "DELETE",
    path: "/vpcs/{vpcId}",
    scopes: ["vpc:read_write"],
    params: VpcParams,
    summary: "Deletes a VPC and its subnets; nothing is deleted if a subnet cannot be",
  }),
  listAllVpcIps: endpoint({
    name: "listAllVpcIps",
    method: "GET",
    path: "/networking/vpcs/ips",
    scopes: ["ips:read_only"],
    query: PageQuery,
    response: listEnvelope(VpcIp),
    filterable: VPC_IP_FILTERABLE,
    summary: "VPC IP addresses and ranges on the account",
  }),
  listAllVpcIpsRealPath: endpoint({
    name: "listAllVpcIpsRealPath",
    method: "GET",
    path: "/vpcs/ips",
    scopes: ["ips:read_only"],
    query: PageQuery,
    response: listEnvelope(VpcIp),
    filterable: VPC_IP_FILTERABLE,
    summary: "VPC IP addresses and ranges on the account, at the path the real API answers",
    beyondSpec: true,
  }),
  listVpcIps: endpoint({
    name: "listVpcIps",
    method: "GET",
    path: "/vpcs/{vpcId}/ips",
    scopes: ["ips:read_only"],
    params: VpcParams,
    query: PageQuery,
    response: listEnvelope(VpcIp),
    filterable: VPC_IP_FILTERABLE,
    summary: "IPs of one VPC",
  }),
  listSubnets: endpoint({
    name: "listSubnets",
    method: "GET",
    path: "/vpcs/{vpcId}/subnets",
    params: VpcParams,
    query: PageQuery,
    response: listEnvelope(Subnet),
    filterable: ["id", "label", "created", "updated"],
    summary: "Lists subnets of a VPC",
  }),
  createSubnet: endpoint({
    name: "createSubnet",
    method: "POST",
    path: "/vpcs/{vpcId}/subnets",
    scopes: ["vpc:read_write"],
    params: VpcParams,
    body: SubnetCreateRequest,
    response: Subnet,
    summary: "Creates a subnet",
  }),
  getSubnet: endpoint({
    name: "getSubnet",
    method: "GET",
    path: "/vpcs/{vpcId}/subnets/{vpcSubnetId}",
    params: SubnetParams,
    response: Subnet,
    summary: "One subnet",
  }),
  updateSubnet: endpoint({
    name: "updateSubnet",
    method: "PUT",
    path: "/vpcs/{vpcId}/subnets/{vpcSubnetId}",
    scopes: ["vpc:read_write"],
    params: SubnetParams,
    body: SubnetUpdateRequest,
    response: Subnet,
    summary: "Updates a subnet's label",
  }),
  deleteSubnet: endpoint({
    name: "deleteSubnet",
    method: "DELETE",
    path: "/vpcs/{vpcId}/subnets/{vpcSubnetId}",
    scopes: ["vpc:read_write"],
    params: SubnetParams,
    summary: "Deletes a subnet; no interface may be assigned to it",
  }),
};
