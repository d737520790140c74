/**
 * The plugin's serving side that needs the providers (the specs, zod, the client): loaded by
 * `service.ts` on the first request about a resource or a function, so that GetPluginInfo,
 * GetSchema and Configure answer without it. Each `compute:index:<Kind>` resource is served by
 * the kind's provider from the runtime (`provider(kind, context)`), the one the TypeScript classes use.
 */
import type * as pulumi from "@pulumi/pulumi";
import { withoutContext, type ResourceContext } from "../provider/core/resource-context";
import type { AnySpec, Props } from "../provider/core/resource-spec";
import { previewUpdateOutputs } from "../provider/core/preview-outputs";
import { processMemory } from "../provider/core/process-memory";
import { configure as configureSettings, type ConfigSource } from "../provider/core/settings";
import { provider as kindProvider } from "../provider/runtime";
import { specOf } from "../provider/spec-loaders";
import { secretOutputs } from "../schema/secrets";
import { diffConfig } from "./config-diff";
import { diffRequestProps, diffResponse } from "./detailed-diff";
import { engineLog } from "./engine-log";
import { idConversions, type IdConversions } from "./id-strings";
import { invoke } from "./invoke";
import { runSignal } from "./runs";
import type { RequestSecrets } from "./secrets";
import { journalKeyOf, parseUrn } from "./urn";

export { diffConfig, diffRequestProps, diffResponse, invoke, previewUpdateOutputs, withoutContext };

const conversions = processMemory.map<string, IdConversions>("plugin: ID conversions by kind");

/** The kind's ID conversions (`id-strings.ts`), made on its first request. */
function idsOf(spec: AnySpec): IdConversions {
  let found = conversions.get(spec.kind);
  if (!found) conversions.set(spec.kind, (found = idConversions(spec)));
  return found;
}
export const configure = (config: ConfigSource): void => configureSettings(config);

interface Request {
  getUrn(): string;
  getTimeout?(): number;
}

/** The resource a request is about: its kind's spec, its provider (whose progress lines keep the
 * request's secrets out) and its secret fields. */
export function served(
  request: Request,
  secrets: Pick<RequestSecrets, "redact">,
  operation?: "create" | "update" | "delete",
) {
  const resource = parseUrn(request.getUrn());
  const spec = specOf(resource.kind);
  if (!spec) throw new Error(`${resource.type} is not a resource type of this version of the compute plugin`);
  const timeout = request.getTimeout?.() ?? 0;
  const log = engineLog(request.getUrn());
  const context: ResourceContext = {
    journalKey: journalKeyOf(resource),
    ...(log && { log: (line: string) => log(secrets.redact(line)) }),
    // Aborted by the engine's Cancel (Ctrl-C, or the end of the run): every wait of the run ends.
    signal: runSignal(),
    ...(operation && timeout > 0 && { timeouts: { [operation]: timeout } }),
  };
  return {
    spec,
    provider: bound(kindProvider(spec.kind, context)),
    secretFields: secretOutputs(spec),
    ids: idsOf(spec),
  };
}

/** The secret outputs of the kind a URN names and its outputs as the engine takes them (for a
 * partial failure's properties); none and as they are for another URN. */
export function outputsOfUrn(urn: string): { secrets: string[]; toEngine(props: Props): Props } {
  try {
    const spec = specOf(parseUrn(urn).kind);
    if (spec) return { secrets: secretOutputs(spec), toEngine: idsOf(spec).toEngine };
  } catch {
    // Not a resource's URN.
  }
  return { secrets: [], toEngine: (props) => props };
}

/** Every method of the kind's provider (the generic provider has them all). */
function bound(found: pulumi.dynamic.ResourceProvider): Required<pulumi.dynamic.ResourceProvider> {
  const missing = () => Promise.reject(new Error("not implemented by this kind's provider"));
  return {
    configure: async () => {},
    check: found.check ?? missing,
    diff: found.diff ?? missing,
    create: found.create,
    read: found.read ?? missing,
    update: found.update ?? missing,
    delete: found.delete ?? missing,
  };
}

/**
 * The ID `pulumi import` takes for a kind: the parents' IDs, then the object's own (`vpcId/subnetId`);
 * `own` names the object's (`id` by default, written `<kind>Id` after parents).
 */
export function importIdFormat(spec: Pick<AnySpec, "kind" | "parents">, own = "id"): string {
  const parents: string[] = spec.parents ?? [];
  if (parents.length === 0) return own;
  return [...parents, own === "id" ? `${spec.kind[0]!.toLowerCase()}${spec.kind.slice(1)}Id` : own].join("/");
}

/** The parents' IDs an import ID names before the object's own (`<vpcId>/<subnetId>`). */
export function importProps(spec: AnySpec, id: string): { id: string; props: Record<string, unknown> } {
  const parents: string[] = spec.parents ?? [];
  const parts = id.split("/");
  if (parents.length === 0) return { id, props: {} };
  if (parts.length !== parents.length + 1 || parts.some((part) => part === "")) {
    throw new Error(`${spec.kind} import ID must be ${importIdFormat(spec)}, not ${id}`);
  }
  return { id: parts.at(-1)!, props: Object.fromEntries(parents.map((key, i) => [key, parts[i]])) };
}
