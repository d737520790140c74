/**
 * A resource class registers without the stack trace Pulumi's SDK formats for each promise it makes
 * (one per property), which costs a TypeScript program about 0.3 ms each through its source maps;
 * the trace Pulumi takes to record where the program declared the resource is still taken, and the
 * program's own `Error.stackTraceLimit` is back as soon as the constructor returns or throws.
 */
import * as pulumi from "@pulumi/pulumi";
import * as compute from "../../../src/index";
import { Subnet } from "../../../src/resources/subnet";
import { Vpc } from "../../../src/resources/vpc";

pulumi.runtime.setMocks(
  {
    newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }),
    call: () => ({}),
  },
  "project",
  "stack",
);

/** How many stack traces with frames are formatted while `make` runs. */
function tracesFormatted(make: () => void): number {
  const prepare = Error.prepareStackTrace;
  let formatted = 0;
  Error.prepareStackTrace = (error, frames) => {
    if (frames.length > 0) formatted++;
    return prepare ? prepare(error, frames) : `${error}\n${frames.map((f) => `    at ${f}`).join("\n")}`;
  };
  try {
    make();
  } finally {
    Error.prepareStackTrace = prepare;
  }
  return formatted;
}

/** A resource registered as Pulumi registers any, without the classes' pause. */
class PlainResource extends pulumi.CustomResource {}

const SUBNET = { label: "a", ipv4: "10.0.1.0/24" };

let limit: number;
beforeEach(() => {
  limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 17;
});
afterEach(() => {
  Error.stackTraceLimit = limit;
});

test("a Subnet formats one stack trace (where it was declared); the same registration made plainly formats one per promise", () => {
  const vpc = new Vpc("net", { region: "us-iad", label: "net" });
  const ours = tracesFormatted(() => new Subnet("app", { vpcId: vpc.id, ...SUBNET }));
  const plain = tracesFormatted(
    () =>
      new PlainResource("pulumi-nodejs:dynamic/compute:Subnet", "plain", {
        vpcId: vpc.id,
        ...SUBNET,
        computes: undefined,
        created: undefined,
        updated: undefined,
      }),
  );
  expect(ours).toBe(1);
  expect(plain).toBeGreaterThan(5);
  expect(Error.stackTraceLimit).toBe(17);
});

test("every resource class formats one stack trace when it registers", () => {
  // (The explicit provider, `compute.Provider`, is made once per account, not per resource.)
  const classes = Object.entries(compute).filter(
    ([, value]) =>
      typeof value === "function" &&
      value.prototype instanceof pulumi.CustomResource &&
      !(value.prototype instanceof pulumi.ProviderResource),
  ) as [string, new (name: string, args: object) => pulumi.CustomResource][];
  expect(classes).toHaveLength(14);
  // The provider checks inputs; the class registers whatever it is given.
  const formatted = classes.map(([kind, Class]) => [
    kind,
    tracesFormatted(() => new Class(`any-${kind}`, {})),
  ]);
  expect(Object.fromEntries(formatted)).toEqual(Object.fromEntries(classes.map(([kind]) => [kind, 1])));
  expect(Error.stackTraceLimit).toBe(17);
});

test("the program's stack trace limit is back when the constructor throws", () => {
  expect(() => new Vpc("", { region: "us-iad", label: "net" })).toThrow(/name/);
  expect(Error.stackTraceLimit).toBe(17);
});
