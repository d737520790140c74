/**
 * The account's kinds beside instances in the plugin form from a Python program (the generated SDK,
 * `pulumi_compute`) through the real CLI: the story in stories/profile-kinds.ts, the program written
 * here.
 */
import { pythonLanguage } from "../stories/language";
import { profileKindsStory, type ProfileKinds } from "../stories/profile-kinds";

/** A Python string literal (a JSON string is one). */
const str = (value: string) => JSON.stringify(value);
const program = (s: ProfileKinds) => `
key = compute.SshKey("key", label=${str(s.keyLabel)}, ssh_key=${str(s.sshKey)})
setup = compute.StackScript(
    "setup", label=${str(s.scriptLabel)}, script=${str(s.script)}, images=["compute/debian12"]
)
ci = compute.Token("ci", label=${str(s.tokenLabel)}, scopes=${str(s.scopes)}, expiry="2099-01-01T00:00:00")
me = compute.ProfileSettings("me", timezone=${str(s.timezone)}, email_notifications=False)
prefs = compute.ProfilePreferences(
    "prefs",
    preferences={"theme": ${str(s.theme)}, "sort": {"instances": {"key": "label", "asc": True}}},
)
custom = compute.Image("custom", file="disk.img.gz", label=${str(s.imageLabel)}, region="us-iad")
pulumi.export("udfs", setup.user_defined_fields)
pulumi.export("username", me.username)
pulumi.export("token", ci.token)
`;

profileKindsStory(pythonLanguage("python-profile-kinds", program));
