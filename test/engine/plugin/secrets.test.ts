/**
 * Values a Pulumi YAML program marks secret (`fn::secret`), on every kind, in the plugin form
 * (`pulumi-resource-compute`, the real CLI): the story in stories/secrets.ts, the program written here.
 */
import { IMAGE, ROOT_PASS } from "../../support/compute";
import { yamlLanguage } from "./stories/language";
import { SECRET_OUTPUTS, secretsStory, type SecretsProgram } from "./stories/secrets";
import { secret } from "./yaml-project";

const onFamily = { computeId: "${family.id}" };

const resources = ({ secrets: s, sshKey, region }: SecretsProgram) => ({
  net: {
    type: "compute:index:Vpc",
    properties: {
      region: region ? secret(region) : "us-iad",
      label: "yaml-secrets",
      description: secret(s.vpcDescription),
    },
  },
  app: {
    type: "compute:index:Subnet",
    properties: { vpcId: "${net.id}", label: secret(s.subnetLabel), ipv4: "10.0.1.0/24" },
  },
  web: {
    type: "compute:index:Instance",
    properties: {
      region: "us-iad",
      type: "g6-standard-1",
      image: IMAGE,
      rootPass: ROOT_PASS,
      backupsEnabled: true,
      label: secret(s.serverLabel),
    },
  },
  snap: {
    type: "compute:index:Snapshot",
    properties: { computeId: "${web.id}", label: secret(s.snapshotLabel) },
  },
  family: {
    type: "compute:index:Instance",
    properties: { region: "us-iad", type: "g6-standard-1", label: "yaml-family" },
  },
  data: {
    type: "compute:index:InstanceDisk",
    properties: { ...onFamily, label: secret(s.diskLabel), size: 1024, filesystem: "ext4" },
  },
  boot: {
    type: "compute:index:InstanceConfig",
    properties: {
      ...onFamily,
      label: "boot",
      comments: secret(s.configComments),
      devices: { sda: "${data.id}" },
    },
    options: { additionalSecretOutputs: ["interfaces", "interfaceDetails"] },
  },
  private: {
    type: "compute:index:ConfigInterface",
    properties: {
      ...onFamily,
      configId: "${boot.id}",
      purpose: "vpc",
      subnetId: "${app.id}",
      ipv4: { vpc: secret(s.vpcAddress) },
    },
  },
  golden: {
    type: "compute:index:Image",
    properties: { diskId: "${data.id}", label: "yaml-golden", description: secret(s.imageDescription) },
  },
  key: { type: "compute:index:SshKey", properties: { label: secret(s.keyLabel), sshKey } },
  ci: {
    type: "compute:index:Token",
    properties: { label: secret(s.tokenLabel), scopes: "vpc:read_only", expiry: "2099-01-01T00:00:00" },
  },
  setup: {
    type: "compute:index:StackScript",
    properties: {
      label: "yaml-setup",
      script: "#!/bin/bash\necho hello\n",
      images: [IMAGE],
      description: secret(s.scriptDescription),
    },
  },
  me: { type: "compute:index:ProfileSettings", properties: { email: secret(s.email) } },
  prefs: { type: "compute:index:ProfilePreferences", properties: { preferences: secret({ note: s.note }) } },
  prod: { type: "compute:index:Tag", properties: { label: "yaml-prod", instances: secret(["${web.id}"]) } },
});

secretsStory(yamlLanguage("plugin-secrets", resources, SECRET_OUTPUTS));
