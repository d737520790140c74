/**
 * An instance and its family in the plugin form from a Go program (`runtime: go`, the generated Go SDK)
 * through the real CLI: the story in stories/instance-family.ts, the program written here.
 */
import { ROOT_PASS } from "../../../support/compute";
import { goLanguage } from "../stories/language";
import { instanceFamilyStory, type InstanceFamily } from "../stories/instance-family";
import { code, fields, resource } from "./go-code";

/** Another resource's ID as a string input (`IDOutput` to `StringOutput`). */
const id = (name: string) => code(`${name}.ID().ToStringOutput()`);
const onServer = { ComputeId: id("server") };

const program = (s: InstanceFamily) => `
${resource("Vpc", "net", { Region: "us-iad", Label: s.vpcLabel })}
${resource("Subnet", "app", { VpcId: id("net"), Label: "app", Ipv4: "10.0.1.0/24" }, s.subnet === "app")}
${resource("Subnet", "db", { VpcId: id("net"), Label: "db", Ipv4: "10.0.2.0/24" }, s.subnet === "db")}
${resource("Subnet", "spare", { VpcId: id("net"), Label: s.spareLabel, Ipv4: s.spareRange }, false)}
${resource("Instance", "server", { Region: "us-iad", Type: "g6-standard-1", Label: s.serverLabel, BackupsEnabled: true })}
${resource("InstanceDisk", "root", { ...onServer, Label: s.rootLabel, Size: 4000, Image: s.rootImage, RootPass: ROOT_PASS })}
${resource("InstanceDisk", "swap", { ...onServer, Label: "swap", Size: 512, Filesystem: "swap" })}
${resource("InstanceDisk", "data", { ...onServer, Label: "data", Size: 1024, Filesystem: "ext4" })}
${resource("InstanceConfig", "boot", {
  ...onServer,
  Label: "boot",
  Comments: s.comments,
  Devices: code(
    `&compute.InstanceConfigDevicesArgs{\n${fields({ Sda: id("root"), Sdb: id("swap"), Sdc: id("data") })}\t\t}`,
  ),
  Booted: true,
})}
${resource("ConfigInterface", "public", { ...onServer, ConfigId: id("boot"), Purpose: "public", Position: 0, RebootOnChange: true }, false)}
${resource("ConfigInterface", "private", {
  ...onServer,
  ConfigId: id("boot"),
  Purpose: "vpc",
  SubnetId: id(s.subnet),
  Ipv4: code(`&compute.ConfigInterfaceIpv4Args{Nat11: pulumi.String("any")}`),
  Primary: s.primary,
  Position: 1,
  RebootOnChange: true,
})}
${resource(
  "Tag",
  "prod",
  {
    Label: s.tagLabel,
    Instances: code(
      `pulumi.StringArray{server.ID().ToStringOutput()${s.outsideId === undefined ? "" : `, pulumi.String("${s.outsideId}")`}}`,
    ),
  },
  false,
)}
${resource("Snapshot", "snap", { ...onServer, Label: s.snapshotLabel }, false)}
${resource("Image", "golden", { DiskId: id(s.captured), Label: "golden", Description: s.imageDescription }, false)}
${s.extraOn === undefined ? "" : resource("InstanceDisk", "extra", { ComputeId: String(s.extraOn), Label: "extra", Size: 1024, Filesystem: "ext4" }, false)}
		ctx.Export("computeId", server.ID())
		ctx.Export("configId", boot.ID())
		// Through the SDK's output types (InstanceConfigDevicesOutput) and getters.
		ctx.Export("devices", boot.Devices)
		ctx.Export("vpcAddress", private.VpcAddress)
`;

instanceFamilyStory(goLanguage("go-instance-family", program));
