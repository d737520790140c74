import { ref, result, secretConfig, type Example } from "./model";

/**
 * docs/functions.md's example: the latest Debian image, a region where VPCs can be created and an
 * instance type for an instance, and a new VPC's subnets (an invoke whose argument is a resource's
 * output).
 */
export const functions: Example = {
  kind: "functions",
  invokes: [
    { name: "debian", function: "getImage", args: { label: "Debian *", isPublic: true, deprecated: false } },
    { name: "usRegions", function: "getRegions", args: { capability: "VPCs", country: "us" } },
    { name: "standard", function: "getInstanceTypes", args: { class: "standard", minMemory: 4096 } },
    { name: "netSubnets", function: "getSubnets", args: { vpcId: ref("net") } },
  ],
  resources: [
    { name: "net", kind: "Vpc", inputs: { region: result("usRegions", "regions", 0, "id"), label: "net" } },
    {
      name: "web",
      kind: "Instance",
      inputs: {
        region: result("usRegions", "regions", 0, "id"),
        type: result("standard", "types", 0, "id"),
        label: "web-1",
        image: result("debian", "id"),
        rootPass: secretConfig("rootPass"),
      },
    },
  ],
  exports: { subnets: result("netSubnets", "subnets") },
};
