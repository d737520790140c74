/**
 * Property values between the engine's `google.protobuf.Struct` and the provider: secrets arrive
 * wrapped (`{<sig>: <secret sig>, value}`) and are unwrapped, since the provider works with plain
 * values; on the way back the values already wrapped stay so (`secrets.ts` marks what the program
 * made secret) and the kind's secret fields are wrapped too, so that the engine stores them
 * encrypted. Absent values are left out (a Struct cannot hold `undefined`).
 */
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import type { Props } from "../provider/core-interface";

const SIG = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

export const isSecret = (value: unknown): value is { value: unknown } =>
  typeof value === "object" && value !== null && (value as Record<string, unknown>)[SIG] === SECRET_SIG;

/** The value with every secret wrapper replaced by what it holds. */
export function unwrapSecrets(value: unknown): unknown {
  if (isSecret(value)) return unwrapSecrets(value.value);
  if (Array.isArray(value)) return value.map(unwrapSecrets);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, unwrapSecrets(inner)]));
  }
  return value;
}

export const secret = (value: unknown) => ({ [SIG]: SECRET_SIG, value });

/** A request's Struct as the engine sent it, secrets still wrapped (none: `{}`). */
export const rawOf = (struct: Struct | undefined): Props => (struct?.toJavaScript() ?? {}) as Props;

/** Plain properties from a request's Struct (none: `{}`). */
export function fromStruct(struct: Struct | undefined): Props {
  return (unwrapSecrets(rawOf(struct)) as Props) ?? {};
}

function withoutUndefined(value: unknown): unknown {
  if (isSecret(value)) return value.value === undefined ? undefined : secret(withoutUndefined(value.value));
  if (Array.isArray(value)) return value.map((inner) => withoutUndefined(inner) ?? null);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .map(([key, inner]) => [key, withoutUndefined(inner)])
        .filter(([, inner]) => inner !== undefined),
    );
  }
  return value;
}

/** A Struct of the properties (those wrapped already kept so), the named ones wrapped as secrets. */
export function toStruct(props: Props, secrets: readonly string[] = []): Struct {
  const plain = withoutUndefined(props) as Props;
  for (const key of secrets) {
    if (plain[key] !== undefined && !isSecret(plain[key])) plain[key] = secret(plain[key]);
  }
  return Struct.fromJavaScript(plain as Parameters<typeof Struct.fromJavaScript>[0]);
}
