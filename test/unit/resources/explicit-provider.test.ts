/**
 * `compute.Provider` and the classes: a resource takes the provider given, else its parent's
 * (Pulumi's SDK hands a parent's provider only to resources of the provider's package, and the
 * classes' type is the dynamic provider's); a provider of another package is refused by name.
 */
import * as pulumi from "@pulumi/pulumi";
import { Provider } from "../../../src/resources/provider";
import { Subnet } from "../../../src/resources/subnet";
import { Vpc } from "../../../src/resources/vpc";

const registered: Record<string, pulumi.runtime.MockResourceArgs> = {};

pulumi.runtime.setMocks(
  {
    newResource: (args) => {
      registered[args.name] = args;
      return { id: `${args.name}-id`, state: args.inputs };
    },
    call: () => ({}),
  },
  "project",
  "stack",
);

const urnOf = (resource: pulumi.Resource) => new Promise<string>((resolve) => resource.urn.apply(resolve));
const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

class Component extends pulumi.ComponentResource {
  constructor(name: string, opts: pulumi.ComponentResourceOptions) {
    super("test:index:Component", name, {}, opts);
  }
}

test("a provider of the compute package, holding its token as a secret", async () => {
  const provider = new Provider("other", {
    apiUrl: "http://127.0.0.1:1/v4",
    token: "t0ken",
    waitTimeoutSeconds: 60,
  });
  expect(await urnOf(provider)).toMatch(/::pulumi:providers:compute::other$/);
  await settled();
  // The token goes to the engine as a secret (the state keeps it encrypted).
  expect(registered.other!.inputs).toEqual({
    apiUrl: "http://127.0.0.1:1/v4",
    token: { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", value: "t0ken" },
    waitTimeoutSeconds: 60,
  });
});

test("a resource uses the provider given, its children and a component's children inherit it", async () => {
  const provider = new Provider("acct", { apiUrl: "http://127.0.0.1:2/v4" });
  const vpc = new Vpc("net", { region: "us-iad", label: "net" }, { provider });
  new Subnet("app", { vpcId: vpc.id, label: "app", ipv4: "10.0.1.0/24" }, { parent: vpc });
  const group = new Component("group", { providers: [provider] });
  new Vpc("grouped", { region: "us-iad", label: "grouped" }, { parent: group });
  new Vpc("plain", { region: "us-iad", label: "plain" });
  await settled();
  const providerUrn = await urnOf(provider);
  for (const name of ["net", "app", "grouped"]) expect(registered[name]!.provider).toContain(providerUrn);
  expect(registered.app!.type).toBe("pulumi-nodejs:dynamic/compute:Subnet");
  expect(registered.plain!.provider ?? "").not.toContain("pulumi:providers:compute");
});

test("a provider of another package is refused, naming the option", () => {
  class Elsewhere extends pulumi.ProviderResource {
    constructor() {
      super("aws", "elsewhere", {});
    }
  }
  expect(() => new Vpc("bad", { region: "us-iad", label: "bad" }, { provider: new Elsewhere() })).toThrow(
    "Vpc bad: option `provider` is a provider of package aws; give a compute.Provider",
  );
});
