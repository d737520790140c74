/**
 * A data function given a `compute.Provider` (or a parent that has one) calls it through the engine,
 * as its invoke, and answers the result in its TypeScript types (IDs as numbers again); a provider of
 * another package is refused naming the option. Pulumi's mocks stand for the engine here; the real
 * one, with two accounts: test/engine/explicit-providers.test.ts.
 */
import * as pulumi from "@pulumi/pulumi";
import { getProfile, getVpc, getVpcOutput, getVpcs } from "../../../src/functions";
import { idsAsNumbers } from "../../../src/functions/result-ids";
import { schemaOf } from "../../../src/functions/schemas";
import { Provider } from "../../../src/resources/provider";

const calls: pulumi.runtime.MockCallArgs[] = [];

/** A VPC as the function gives it, and as the plugin answers it: its IDs as strings. */
const vpc = { id: 7, label: "net", region: "us-iad", subnets: [{ id: 3, instanceIds: [41] }], updated: null };
const vpcAnswered = { ...vpc, id: "7", subnets: [{ id: "3", instanceIds: ["41"] }] };

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }),
      call: (args) => {
        calls.push(args);
        if (args.token === "compute:index:getVpcs") return { vpcs: [vpcAnswered] };
        if (args.token === "compute:index:getVpc") return vpcAnswered;
        return { username: "second" };
      },
    },
    "project",
    "stack",
    true,
  );
});
beforeEach(() => calls.splice(0));

const promiseOf = <T>(output: pulumi.Output<T>) => new Promise<T>((resolve) => output.apply(resolve));

it("with `provider`, the call is the function's invoke on that provider, and its IDs are numbers again", async () => {
  const other = new Provider("other", { apiUrl: "http://127.0.0.1:1/v4", token: "t" });
  expect(await getVpcs({ label: "net" }, { provider: other })).toEqual({ vpcs: [vpc] });
  expect(await getProfile({ provider: other })).toEqual({ username: "second" });
  expect(calls.map(({ token, inputs }) => [token, inputs])).toEqual([
    ["compute:index:getVpcs", { label: "net" }],
    ["compute:index:getProfile", {}],
  ]);
  expect(calls[0]!.provider).toMatch(/::pulumi:providers:compute::other::other-id$/);
});

it("the Output form takes `provider`, and a parent's compute.Provider", async () => {
  const other = new Provider("other2", {});
  expect(await promiseOf(getVpcOutput({ id: pulumi.output("7") }, { provider: other }))).toEqual(vpc);
  const group = new pulumi.ComponentResource("my:index:Group", "group", {}, { providers: [other] });
  expect(await getVpc({ id: 7 }, { parent: group })).toEqual(vpc);
  expect(calls.map((c) => c.provider)).toEqual([
    expect.stringMatching(/::other2::other2-id$/),
    expect.stringMatching(/::other2::other2-id$/),
  ]);
  expect(calls[0]!.inputs).toEqual({ id: "7" });
});

it("a provider of another package, or `provider` with credentials, is refused naming the option", async () => {
  class AwsProvider extends pulumi.ProviderResource {}
  const aws = new AwsProvider("aws", "aws", {});
  await expect(getVpcs({}, { provider: aws })).rejects.toThrow(
    /^getVpcs: option `provider` is a provider of package aws; give a compute.Provider$/,
  );
  const other = new Provider("other3", {});
  await expect(getVpcs({}, { provider: other, token: "t" })).rejects.toThrow(/^getVpcs: option `provider`/);
  expect(calls).toEqual([]);
});

it("idsAsNumbers: the fields the function's schema marks as IDs only, as integers", () => {
  const answered = {
    username: "42",
    uid: 12,
    email: "a@b.c",
    gravatarId: "123",
    restricted: false,
    authorizedKeys: ["1"],
  };
  // A profile's uid is a number, no ID; its gravatar hash a string that may look like one.
  expect(idsAsNumbers(answered, schemaOf("getProfile")!.result)).toEqual(answered);
  expect(idsAsNumbers(vpcAnswered, schemaOf("getVpc")!.result)).toEqual(vpc);
  const images = { images: [{ id: "private/12" }, { id: "compute/debian12" }] };
  expect(idsAsNumbers(images, schemaOf("getImages")!.result)).toEqual(images);
});
