/** Vpc and Subnet: a VPC with its subnets, shaped by the caller (the engine tests run it with changed shapes). */
import * as compute from "pulumi-compute";

export interface VpcShape {
  /** Resource names are prefixed with it, so several VPCs can live in one program. */
  name: string;
  region: string;
  label: string;
  description?: string;
  subnets: { name: string; label: string; ipv4: string }[];
}

export const defaultVpcShape: VpcShape = {
  name: "demo-vpc",
  region: "us-iad",
  label: "demo-vpc",
  description: "Created by the pulumi-compute demo",
  subnets: [
    { name: "app", label: "app", ipv4: "10.0.1.0/24" },
    { name: "db", label: "db", ipv4: "10.0.2.0/24" },
  ],
};

export function vpcProgram(shape: VpcShape = defaultVpcShape) {
  const vpc = new compute.Vpc(shape.name, {
    region: shape.region,
    label: shape.label,
    description: shape.description,
  });
  const subnets = Object.fromEntries(
    shape.subnets.map((s) => [
      s.name,
      new compute.Subnet(s.name === shape.name ? `${s.name}-subnet` : s.name, {
        vpcId: vpc.id,
        label: s.label,
        ipv4: s.ipv4,
      }),
    ]),
  );
  return { vpc, subnets };
}
