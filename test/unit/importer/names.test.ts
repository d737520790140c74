/** Names from labels: camelCase identifiers, logical names, collisions, children named after their parent. */
import type { Found } from "../../../src/importer/account";
import { camelCase, identifier, keyOf, logicalName, nameAll } from "../../../src/importer/names";

const found = (kind: Found["kind"], id: number | string, label: string, parent?: Found): Found => ({
  kind,
  id: String(id),
  label,
  parent,
  props: {},
  notes: [],
});

describe("identifier", () => {
  it.each([
    ["legacy-net", "legacyNet"],
    ["Debian 12 Disk", "debian12Disk"],
    ["DB_main", "dbMain"],
    ["web1.prod", "web1Prod"],
    ["web1-2", "web1_2"],
    ["MyServer", "myServer"],
  ])("%s → %s", (label, name) => expect(camelCase(label)).toBe(name));

  it("prefixes the kind to a digit, and suffixes it to a reserved word; an empty label is the kind", () => {
    expect(identifier("10-net", "Subnet")).toBe("subnet10Net");
    expect(identifier("default", "Vpc")).toBe("defaultVpc");
    expect(identifier("compute", "Instance")).toBe("computeInstance");
    // Words Python and Go reserve, and the names their programs use, for the other languages' output.
    expect(identifier("pass", "SshKey")).toBe("passSshKey");
    expect(identifier("map", "Vpc")).toBe("mapVpc");
    expect(identifier("ctx", "Instance")).toBe("ctxInstance");
    expect(identifier("", "SshKey")).toBe("sshKey");
    expect(identifier("ünïcode!", "SshKey")).toBe("nCode");
  });
});

describe("logicalName", () => {
  it("keeps a label of letters, digits, dots, underscores and dashes; other runs become a dash", () => {
    expect(logicalName("legacy-net", "Vpc")).toBe("legacy-net");
    expect(logicalName("ops laptop (2024)", "SshKey")).toBe("ops-laptop-2024");
    expect(logicalName("  ", "SshKey")).toBe("ssh-key");
  });
});

describe("nameAll", () => {
  it("suffixes collisions: logical names per kind, variables across the program", () => {
    const objects = [
      found("Vpc", 1, "app"),
      found("Subnet", 2, "app"),
      found("Subnet", 3, "app"),
      found("Instance", 4, "web1"),
      found("Instance", 5, "web1 "),
    ];
    const names = nameAll(objects);
    expect(objects.map((o) => names.get(keyOf(o)))).toEqual([
      { logical: "app", variable: "app" },
      { logical: "app", variable: "app2" },
      { logical: "app-2", variable: "app2_2" },
      { logical: "web1", variable: "web1" },
      { logical: "web1-2", variable: "web1_2" },
    ]);
  });

  it("names disks, configs and interfaces after their parent, subnets not", () => {
    const vpc = found("Vpc", 1, "net");
    const db = found("Instance", 2, "db-1");
    const config = found("InstanceConfig", 4, "boot", db);
    const objects = [
      vpc,
      found("Subnet", 1, "data", vpc),
      db,
      found("InstanceDisk", 3, "root", db),
      config,
      found("ConfigInterface", 5, "eth0", config),
    ];
    const names = nameAll(objects);
    expect(objects.map((o) => names.get(keyOf(o))!.logical)).toEqual([
      "net",
      "data",
      "db-1",
      "db-1-root",
      "db-1-boot",
      "db-1-boot-eth0",
    ]);
    expect(names.get(keyOf(objects[5]!))!.variable).toBe("db1BootEth0");
  });
});
