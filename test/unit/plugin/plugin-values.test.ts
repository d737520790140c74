import { configSource } from "../../../src/plugin/config";
import { journalKeyOf, parseUrn } from "../../../src/plugin/urn";
import { fromStruct, secret, toStruct, unwrapSecrets } from "../../../src/plugin/values";
import { engineAddress } from "../../../src/provider/core/engine-watch";

it("reads the kind and the journal key from a URN, a parent-qualified type included", () => {
  const urn = "urn:pulumi:dev::shop::compute:index:Vpc$compute:index:Subnet::app::1";
  expect(parseUrn(urn)).toMatchObject({ project: "shop", stack: "dev", kind: "Subnet", name: "app::1" });
  expect(journalKeyOf(parseUrn("urn:pulumi:dev::shop::compute:index:Vpc::net"))).toBe("shop/dev/Vpc/net");
  expect(() => parseUrn("urn:pulumi:dev::shop::aws:s3:Bucket::b")).toThrow(
    /not a resource type of the compute package/,
  );
  expect(() => parseUrn("urn:pulumi:dev::shop::pulumi-nodejs:dynamic:Resource::b")).toThrow(
    /not a resource type of the compute package/,
  );
});

it("reads a TypeScript class's dynamic type given an explicit provider as its kind, in the dynamic form", () => {
  const urn =
    "urn:pulumi:dev::shop::pulumi-nodejs:dynamic/compute:Vpc$pulumi-nodejs:dynamic/compute:Subnet::app";
  expect(parseUrn(urn)).toMatchObject({ kind: "Subnet", name: "app", dynamic: true });
  expect(journalKeyOf(parseUrn(urn))).toBe("shop/dev/Subnet/app");
  expect(parseUrn("urn:pulumi:dev::shop::compute:index:Vpc::net").dynamic).toBe(false);
});

it("unwraps secrets however deep, and wraps the kind's secret fields on the way back", () => {
  expect(unwrapSecrets({ a: secret("x"), b: [secret({ c: secret(1) })] })).toEqual({ a: "x", b: [{ c: 1 }] });
  const struct = toStruct({ rootPass: "hunter22", label: "web", gone: undefined }, ["rootPass", "token"]);
  expect(struct.toJavaScript()).toEqual({ rootPass: secret("hunter22"), label: "web" });
  expect(fromStruct(struct)).toEqual({ rootPass: "hunter22", label: "web" });
  expect(fromStruct(undefined)).toEqual({});
});

it("takes stack config and provider arguments as the provider's settings, the arguments winning", () => {
  const source = configSource(
    new Map([
      ["compute:config:apiUrl", "http://stack"],
      ["compute:config:token", "t1"],
      ["other:config:apiUrl", "http://other"],
    ]),
    { apiUrl: "http://explicit", createTimeoutSeconds: 90 },
  );
  expect(source.get("compute:apiUrl")).toBe("http://explicit");
  expect(source.get("compute:token")).toBe("t1");
  expect(source.get("compute:createTimeoutSeconds")).toBe("90");
});

it("the engine watch knows the plugin's process by its main module", () => {
  expect(engineAddress(["node", "/x/dist/plugin/main.js", "127.0.0.1:4312"])).toEqual({
    host: "127.0.0.1",
    port: 4312,
  });
  expect(engineAddress(["node", "/x/dist/other/main.js", "127.0.0.1:4312"])).toBeUndefined();
});
