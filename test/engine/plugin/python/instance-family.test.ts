/**
 * An instance and its family in the plugin form from a Python program (the generated SDK,
 * `pulumi_compute`) through the real CLI: the story in stories/instance-family.ts, the program written
 * here.
 */
import { ROOT_PASS } from "../../../support/compute";
import { pythonLanguage } from "../stories/language";
import { instanceFamilyStory, type InstanceFamily } from "../stories/instance-family";

/** A Python literal (JSON's strings are Python's; booleans are capitalised). */
const py = (value: string | boolean) =>
  typeof value === "boolean" ? (value ? "True" : "False") : JSON.stringify(value);
const program = (s: InstanceFamily) => `
net = compute.Vpc("net", region="us-iad", label=${py(s.vpcLabel)})
app = compute.Subnet("app", vpc_id=net.id, label="app", ipv4="10.0.1.0/24")
db = compute.Subnet("db", vpc_id=net.id, label="db", ipv4="10.0.2.0/24")
spare = compute.Subnet("spare", vpc_id=net.id, label=${py(s.spareLabel)}, ipv4=${py(s.spareRange)})
server = compute.Instance(
    "server", region="us-iad", type="g6-standard-1", label=${py(s.serverLabel)}, backups_enabled=True
)
root = compute.InstanceDisk(
    "root",
    compute_id=server.id,
    label=${py(s.rootLabel)},
    size=4000,
    image=${py(s.rootImage)},
    root_pass=${py(ROOT_PASS)},
)
swap = compute.InstanceDisk("swap", compute_id=server.id, label="swap", size=512, filesystem="swap")
data = compute.InstanceDisk("data", compute_id=server.id, label="data", size=1024, filesystem="ext4")
boot = compute.InstanceConfig(
    "boot",
    compute_id=server.id,
    label="boot",
    comments=${py(s.comments)},
    devices={"sda": root.id, "sdb": swap.id, "sdc": data.id},
    booted=True,
)
public = compute.ConfigInterface(
    "public", compute_id=server.id, config_id=boot.id, purpose="public", position=0, reboot_on_change=True
)
private = compute.ConfigInterface(
    "private",
    compute_id=server.id,
    config_id=boot.id,
    purpose="vpc",
    subnet_id=${s.subnet}.id,
    ipv4={"nat11": "any"},
    primary=${py(s.primary)},
    position=1,
    reboot_on_change=True,
)
prod = compute.Tag("prod", label=${py(s.tagLabel)}, instances=[server.id${s.outsideId === undefined ? "" : `, ${py(String(s.outsideId))}`}])
snap = compute.Snapshot("snap", compute_id=server.id, label=${py(s.snapshotLabel)})
golden = compute.Image("golden", disk_id=${s.captured}.id, label="golden", description=${py(s.imageDescription)})
${s.extraOn === undefined ? "" : `extra = compute.InstanceDisk("extra", compute_id=${py(String(s.extraOn))}, label="extra", size=1024, filesystem="ext4")`}
pulumi.export("computeId", server.id)
pulumi.export("configId", boot.id)
# Through the SDK's output types (InstanceConfigDevices) and getters.
pulumi.export("devices", boot.devices)
pulumi.export("vpcAddress", private.vpc_address)
`;

instanceFamilyStory(pythonLanguage("python-instance-family", program));
