/** The example program of the demo and of `pulumi up` in this directory. Imports the package by name, as a user's program does. */
import { vpcProgram } from "./vpc";

export function demoProgram() {
  const { vpc, subnets } = vpcProgram();
  return {
    vpcId: vpc.id,
    vpcLabel: vpc.label,
    region: vpc.region,
    subnets: Object.fromEntries(
      Object.entries(subnets).map(([name, s]) => [name, { id: s.id, ipv4: s.ipv4 }]),
    ),
  };
}
