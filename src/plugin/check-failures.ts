/** Check and invoke failures as the engine and the SDKs print them, the program's secrets kept out. */
import * as proto from "@pulumi/pulumi/proto/provider_pb";
import { containsSecrets, type RequestSecrets } from "./secrets";
import { withoutShownValue, type CheckFailure } from "../provider/core-interface";

type Failure = CheckFailure;

export const checkFailures = (failures: readonly Failure[]) =>
  failures.map((f) => {
    const failure = new proto.CheckFailure();
    failure.setProperty(f.property);
    failure.setReason(f.reason);
    return failure;
  });

/**
 * A check failure as the engine prints it (`property label value {1bad} has a problem: must ...`):
 * with its property, the line without the property's name it begins with. An input holding a value
 * the program made secret is never the property (the engine would print it), and the line leaves
 * out the value it shows; secret strings are redacted.
 */
export function engineFailure(f: Failure, secrets: RequestSecrets): Failure {
  const secret = f.property !== "" && containsSecrets(secrets.bags[0]?.[f.property]);
  const property = secret ? "" : f.property;
  const line = secret ? withoutShownValue(f.reason) : f.reason;
  const reason = property && line.startsWith(`${property}: `) ? line.slice(property.length + 2) : line;
  return { property, reason: secrets.redact(reason) };
}

/** A data function's wrong argument as the invoke's failure (the SDKs print `<token> invoke failed:
 * <reason> (<property>)`), secret strings redacted. */
export const argumentFailure = (f: Failure, secrets: RequestSecrets): Failure => ({
  property: f.property,
  reason: secrets.redact(f.reason),
});
