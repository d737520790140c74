import { ref, type Example } from "./model";

export const tag: Example = {
  kind: "Tag",
  resources: [
    { name: "web", kind: "Instance", inputs: { region: "us-iad", type: "g6-standard-1", label: "web-1" } },
    { name: "db", kind: "Instance", inputs: { region: "us-iad", type: "g6-standard-1", label: "db-1" } },
    { name: "prod", kind: "Tag", inputs: { label: "prod", instances: [ref("web"), ref("db")] } },
  ],
};
