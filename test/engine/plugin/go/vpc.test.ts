/**
 * Vpc in the plugin form from a Go program (`runtime: go`, the generated Go SDK) through the real CLI:
 * the story in stories/vpc.ts, the program written here.
 */
import { goLanguage } from "../stories/language";
import { vpcStory, type Vpc } from "../stories/vpc";
import { resource } from "./go-code";

const program = ({ region, label, description, outside }: Vpc) => `
${resource("Vpc", "net", { Region: region, Label: label, Description: description })}
${outside ? resource("Vpc", "outside", { Region: "us-iad", Label: "outside", Description: "made elsewhere" }, false) : ""}
		ctx.Export("vpcId", net.ID())
		ctx.Export("created", net.Created)
`;

vpcStory(goLanguage("go-vpc", program));
