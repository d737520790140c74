/**
 * The provider of one resource, as the plugin serves it: the kind's provider from the runtime (the
 * one the TypeScript classes use), with the resource's facts that the classes pass as inputs today
 * (its journal key, `project/stack/Kind/name`) derived from the URN instead, added to what reaches
 * the provider and taken out of everything that goes back to the engine: never an input the user
 * sees or the state stores.
 */
import type * as pulumi from "@pulumi/pulumi";
import { JOURNAL_INPUT } from "../provider/create-journal";
import { IMPORT_INPUT } from "../provider/import-object";
import type { Props } from "../provider/props";
import { provider } from "../provider/runtime";

/** What the plugin knows of a resource beyond its inputs. */
export interface ResourceContext {
  journalKey: string;
  /** `customTimeouts` in seconds, per operation (the request's `timeout`). */
  timeouts?: Partial<Record<"create" | "update" | "delete", number>>;
}

const INTERNAL = [JOURNAL_INPUT, IMPORT_INPUT, "customTimeouts"];

export function withoutContext(props: Props): Props {
  return Object.fromEntries(Object.entries(props).filter(([key]) => !INTERNAL.includes(key)));
}

const withContext = (props: Props, resource: ResourceContext): Props => ({
  ...props,
  [JOURNAL_INPUT]: resource.journalKey,
  ...(resource.timeouts && { customTimeouts: resource.timeouts }),
});

/** A failure that keeps the object names its properties to the engine: without the context's. */
async function kept<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof Error && "properties" in err && typeof err.properties === "object" && err.properties) {
      Object.assign(err, { properties: withoutContext(err.properties as Props) });
    }
    throw err;
  }
}

export function resourceProvider(
  kind: string,
  resource: ResourceContext,
): Required<pulumi.dynamic.ResourceProvider> {
  const found = provider(kind);
  return {
    configure: async () => {},
    check: async (olds, news) => {
      const result = await found.check!(olds, withContext(news, resource));
      return { ...result, inputs: withoutContext(result.inputs ?? {}) };
    },
    diff: (id, olds, news) => found.diff!(id, olds, withContext(news, resource)),
    create: (inputs) =>
      kept(async () => {
        const result = await found.create(withContext(inputs, resource));
        return { ...result, outs: withoutContext(result.outs ?? {}) };
      }),
    read: async (id, props) => {
      const result = await found.read!(id, props);
      return {
        ...result,
        props: result.props && withoutContext(result.props),
        inputs: result.inputs && withoutContext(result.inputs),
      };
    },
    update: (id, olds, news) =>
      kept(async () => {
        const result = await found.update!(id, olds, withContext(news, resource));
        return { ...result, outs: withoutContext(result.outs ?? {}) };
      }),
    delete: async (id, props) => {
      await found.delete!(id, withContext(props, resource));
    },
  };
}
