import * as pulumi from "@pulumi/pulumi";
import * as compute from "pulumi-compute";

// A VPC and a subnet, labelled after the stack: labels are unique in the account.
const vpc = new compute.Vpc("net", { region: "us-iad", label: `${pulumi.getStack()}-net` });
const app = new compute.Subnet("app", { vpcId: vpc.id, label: "app", ipv4: "10.0.1.0/24" });

export const vpcId = vpc.id;
export const subnetId = app.id;
