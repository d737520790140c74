/**
 * The plugin's serving side that needs the providers (the specs, zod, the client): loaded by
 * `service.ts` on the first request about a resource or a function, so that GetPluginInfo,
 * GetSchema and Configure answer without it. Each `compute:index:<Kind>` resource is served by
 * the kind's provider from the runtime (`provider(kind, context)`), the one the TypeScript classes use.
 */
import {
  core,
  processMemory,
  type AnySpec,
  type ConfigSource,
  type CoreProvider,
  type Props,
  type ResourceContext,
} from "../provider/core-interface";
import { diffConfig } from "./config-diff";
import { diffRequestProps, diffResponse } from "./detailed-diff";
import { contextOfShim, withShimText } from "./dynamic-resources";
import { engineLog } from "./engine-log";
import { idConversions, type IdConversions } from "./id-strings";
import { invoke } from "./invoke";
import { runSignal } from "./runs";
import { isSecretAt, type RequestSecrets } from "./secrets";
import { journalKeyOf, parseUrn } from "./urn";

const {
  configure: configureSettings,
  importedInputs,
  markedImported,
  noteSecretLabel,
  previewUpdateOutputs,
  provider: kindProvider,
  readTarget,
  secretOutputs,
  specOf,
  unknownInputs,
  withProgramOnly,
  withStoredInputs,
} = core();

export {
  diffConfig,
  diffRequestProps,
  diffResponse,
  importedInputs,
  invoke,
  markedImported,
  previewUpdateOutputs,
  readTarget,
  unknownInputs,
  withProgramOnly,
  withStoredInputs,
};

const conversions = processMemory.map<string, IdConversions>("plugin: ID conversions by kind");

/** The dynamic form's state holds ID references as the providers do: no conversion. */
const AS_THEY_ARE: IdConversions = { toEngine: (props) => props, toProvider: (props) => props };

/** The kind's ID conversions (`id-strings.ts`), made on its first request; none for a dynamic type. */
function idsOf(spec: AnySpec, dynamic = false): IdConversions {
  if (dynamic) return AS_THEY_ARE;
  let found = conversions.get(spec.kind);
  if (!found) conversions.set(spec.kind, (found = idConversions(spec)));
  return found;
}
export const configure = (config: ConfigSource): void => configureSettings(config);

/** The engine's import steps under way: the ID each resource's Read took with nothing stored (an
 * `import` option, `pulumi import`, or a `get`), by URN. The step's Check and Diff follow in this process. */
const importing = processMemory.map<string, string>("plugin: import steps under way, by URN");

/** A Read with nothing stored: the engine is importing `id` (or getting it). */
export const noteImportRead = (urn: string, id: string): void => void importing.set(urn, id);

/** The import step's Diff was answered: the step is over. */
export const endImportStep = (urn: string): void => void importing.delete(urn);

interface Request {
  getUrn(): string;
  getId?(): string;
  getTimeout?(): number;
}

/** The resource a request is about: its kind's spec, its provider (whose progress lines keep the
 * request's secrets out) and its secret fields. `shimText`: a dynamic type's `__provider`
 * (`dynamic-resources.ts`), which names its `import` option and program directory. */
export function served(
  request: Request,
  secrets: RequestSecrets,
  operation?: "create" | "update" | "delete",
  shimText?: string,
) {
  const resource = parseUrn(request.getUrn());
  const spec = specOf(resource.kind);
  if (!spec) throw new Error(`${resource.type} is not a resource type of this version of the compute plugin`);
  // An object whose label the request holds secret is named by its ID alone in every line (names.ts).
  const labelSecret = secrets.bags.some((bag) => isSecretAt(bag, "label"));
  const noteLabel = (id: string | undefined) => {
    if (labelSecret && id) noteSecretLabel(spec.kind, id);
  };
  noteLabel(request.getId?.());
  const timeout = request.getTimeout?.() ?? 0;
  const log = engineLog(request.getUrn());
  const imported = importing.get(request.getUrn());
  const context: ResourceContext = {
    journalKey: journalKeyOf(resource),
    ...(resource.dynamic && contextOfShim(shimText)),
    ...(imported !== undefined && { importId: readTarget(spec, imported, {}).id }),
    ...(log && { log: (line: string) => log(secrets.redact(line)) }),
    // Aborted by the engine's Cancel (Ctrl-C, or the end of the run): every wait of the run ends.
    signal: runSignal(),
    secretInputs: secrets.inputs,
    ...(operation && timeout > 0 && { timeouts: { [operation]: timeout } }),
  };
  return {
    spec,
    provider: bound(kindProvider(spec.kind, context)),
    secretFields: secretOutputs(spec),
    ids: idsOf(spec, resource.dynamic),
    /** A TypeScript class's resource (`dynamic-resources.ts`), whose answers carry its `__provider` back. */
    dynamic: resource.dynamic,
    /** An answer's properties as the resource's form keeps them: a dynamic type's with its `__provider`. */
    shimmed: (props: Props): Props => (resource.dynamic ? withShimText(props, shimText) : props),
    /** A create's new object: named by its ID alone if the program holds its label secret. */
    noteCreated: noteLabel,
    /** An answer's properties marked secret from the request (`secrets.ts`): by path, and what the kind carries. */
    marked: (props: Props, from?: Props) => secrets.mark(props, from, spec.carries),
    /** Whether the engine is importing the resource: its Check and Diff are against what its Read returned. */
    importStep: imported !== undefined,
  };
}

/** The secret outputs of the kind a URN names, those carrying an input, and its outputs as the engine
 * takes them (for a partial failure's properties); none and as they are for another URN. */
export function outputsOfUrn(urn: string): {
  secrets: string[];
  carries?: Readonly<Record<string, string>>;
  toEngine(props: Props): Props;
} {
  try {
    const resource = parseUrn(urn);
    const spec = specOf(resource.kind);
    if (spec)
      return {
        secrets: secretOutputs(spec),
        carries: spec.carries,
        toEngine: idsOf(spec, resource.dynamic).toEngine,
      };
  } catch {
    // Not a resource's URN.
  }
  return { secrets: [], toEngine: (props) => props };
}

/** Every method of the kind's provider (the generic provider has them all). */
function bound(found: CoreProvider): Required<CoreProvider> {
  const missing = () => Promise.reject(new Error("not implemented by this kind's provider"));
  return {
    configure: async () => {},
    check: found.check ?? missing,
    diff: found.diff,
    create: found.create,
    read: found.read ?? missing,
    update: found.update ?? missing,
    delete: found.delete ?? missing,
  };
}
