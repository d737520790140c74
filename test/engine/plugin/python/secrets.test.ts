/**
 * Values a Python program marks secret (`pulumi.Output.secret`), on every kind, in the plugin form (the
 * generated SDK, `pulumi_compute`, through the real CLI): the story in stories/secrets.ts, the program
 * written here.
 */
import { IMAGE, ROOT_PASS } from "../../../support/compute";
import { pythonLanguage } from "../stories/language";
import { SECRET_OUTPUTS, secretsStory, type SecretsProgram } from "../stories/secrets";

/** A Python string literal (a JSON string is one). */
const str = (value: string) => JSON.stringify(value);
/** The value marked secret. */
const secret = (value: string) => `pulumi.Output.secret(${value})`;

/** `pulumi.export` of each stack output, `${resource.output}` read through the SDK's getter. */
const exported = Object.entries(SECRET_OUTPUTS)
  .map(([name, ref]) => {
    const [, resource, output] = /^\$\{(\w+)\.(\w+)\}$/.exec(ref)!;
    return `pulumi.export(${str(name)}, ${resource}.${output!.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)})`;
  })
  .join("\n");

const program = ({ secrets: s, sshKey, region }: SecretsProgram) => `
net = compute.Vpc(
    "net",
    region=${region ? secret(str(region)) : str("us-iad")},
    label="py-secrets",
    description=${secret(str(s.vpcDescription))},
)
app = compute.Subnet("app", vpc_id=net.id, label=${secret(str(s.subnetLabel))}, ipv4="10.0.1.0/24")
web = compute.Instance(
    "web",
    region="us-iad",
    type="g6-standard-1",
    image=${str(IMAGE)},
    root_pass=${str(ROOT_PASS)},
    backups_enabled=True,
    label=${secret(str(s.serverLabel))},
)
snap = compute.Snapshot("snap", compute_id=web.id, label=${secret(str(s.snapshotLabel))})
family = compute.Instance("family", region="us-iad", type="g6-standard-1", label="py-family")
data = compute.InstanceDisk(
    "data", compute_id=family.id, label=${secret(str(s.diskLabel))}, size=1024, filesystem="ext4"
)
boot = compute.InstanceConfig(
    "boot",
    compute_id=family.id,
    label="boot",
    comments=${secret(str(s.configComments))},
    devices={"sda": data.id},
    opts=pulumi.ResourceOptions(additional_secret_outputs=["interfaces", "interface_details"]),
)
private = compute.ConfigInterface(
    "private",
    compute_id=family.id,
    config_id=boot.id,
    purpose="vpc",
    subnet_id=app.id,
    ipv4={"vpc": ${secret(str(s.vpcAddress))}},
)
golden = compute.Image(
    "golden", disk_id=data.id, label="py-golden", description=${secret(str(s.imageDescription))}
)
key = compute.SshKey("key", label=${secret(str(s.keyLabel))}, ssh_key=${str(sshKey)})
ci = compute.Token(
    "ci", label=${secret(str(s.tokenLabel))}, scopes="vpc:read_only", expiry="2099-01-01T00:00:00"
)
setup = compute.StackScript(
    "setup",
    label="py-setup",
    script="#!/bin/bash\\necho hello\\n",
    images=[${str(IMAGE)}],
    description=${secret(str(s.scriptDescription))},
)
me = compute.ProfileSettings("me", email=${secret(str(s.email))})
prefs = compute.ProfilePreferences("prefs", preferences=${secret(`{"note": ${str(s.note)}}`)})
prod = compute.Tag("prod", label="py-prod", instances=${secret("[web.id]")})
${exported}
`;

secretsStory(pythonLanguage("python-secrets", program));
