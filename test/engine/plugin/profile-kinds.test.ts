/**
 * The account's kinds beside instances in the plugin form from a Pulumi YAML program
 * (`pulumi-resource-compute`, the real CLI): the story in stories/profile-kinds.ts, the program written
 * here.
 */
import { yamlLanguage } from "./stories/language";
import { profileKindsStory, type ProfileKinds } from "./stories/profile-kinds";

const resources = (s: ProfileKinds) => ({
  key: { type: "compute:index:SshKey", properties: { label: s.keyLabel, sshKey: s.sshKey } },
  setup: {
    type: "compute:index:StackScript",
    properties: { label: s.scriptLabel, script: s.script, images: ["compute/debian12"] },
  },
  ci: {
    type: "compute:index:Token",
    properties: { label: s.tokenLabel, scopes: s.scopes, expiry: "2099-01-01T00:00:00" },
  },
  me: {
    type: "compute:index:ProfileSettings",
    properties: { timezone: s.timezone, emailNotifications: false },
  },
  prefs: {
    type: "compute:index:ProfilePreferences",
    properties: { preferences: { theme: s.theme, sort: { instances: { key: "label", asc: true } } } },
  },
  custom: {
    type: "compute:index:Image",
    properties: { file: "disk.img.gz", label: s.imageLabel, region: "us-iad" },
  },
});
const outputs = { udfs: "${setup.userDefinedFields}", username: "${me.username}", token: "${ci.token}" };

profileKindsStory(yamlLanguage("plugin-profile-kinds", resources, outputs));
