/** StackScript: a provisioning script with a user-defined field, shaped by the caller (the engine tests run it with changed shapes). */
import type * as pulumi from "@pulumi/pulumi";
import * as compute from "pulumi-compute";

export interface StackScriptShape {
  /** The resource's name in the program. */
  name: string;
  label: string;
  script: string;
  images: string[];
  description?: string;
  revNote?: string;
  isPublic?: boolean;
  /** Resource options, e.g. `retainOnDelete: true` for a public StackScript (the API never deletes one). */
  opts?: pulumi.CustomResourceOptions;
}

export const defaultStackScriptShape: StackScriptShape = {
  name: "web-setup",
  label: "web-setup",
  images: ["compute/debian12"],
  description: "Installs a web server",
  script: [
    "#!/bin/bash",
    '# <UDF name="site" label="Site name" example="example.com"/>',
    "apt-get install -y nginx",
    'echo "$SITE" > /var/www/html/index.html',
    "",
  ].join("\n"),
};

export function stackScriptProgram(shape: StackScriptShape = defaultStackScriptShape) {
  const { name, opts, ...args } = shape;
  const stackScript = new compute.StackScript(name, args, opts);
  return { stackScript };
}
