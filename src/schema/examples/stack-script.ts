import { ref, type Example } from "./model";

export const stackScript: Example = {
  kind: "StackScript",
  resources: [
    {
      name: "setup",
      kind: "StackScript",
      inputs: {
        label: "web-setup",
        images: ["compute/debian12"],
        script: '#!/bin/bash\n# <UDF name="site" label="Site name" example="example.com"/>\necho "$SITE"\n',
      },
    },
  ],
  exports: { stackScriptId: ref("setup") },
};
