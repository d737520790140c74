/** The example program: a VPC with two subnets. Imports the package by name, as a user's program does. */
import * as compute from "pulumi-compute";

export function demoProgram() {
  const vpc = new compute.Vpc("demo-vpc", {
    region: "us-iad",
    label: "demo-vpc",
    description: "Created by the pulumi-compute demo",
  });
  const app = new compute.Subnet("app", { vpcId: vpc.id, label: "app", ipv4: "10.0.1.0/24" });
  const db = new compute.Subnet("db", { vpcId: vpc.id, label: "db", ipv4: "10.0.2.0/24" });
  return {
    vpcId: vpc.id,
    vpcLabel: vpc.label,
    region: vpc.region,
    subnets: { app: { id: app.id, ipv4: app.ipv4 }, db: { id: db.id, ipv4: db.ipv4 } },
  };
}
