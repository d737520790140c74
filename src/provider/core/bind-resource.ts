import type * as pulumi from "@pulumi/pulumi";
import { forgetHeld, noteHeld } from "./held-objects";
import type { Props } from "./props";
import { withContext, withoutContext, type ResourceContext } from "./resource-context";
import { apiUrlIfSet } from "./settings";

/**
 * The provider serving one resource: the context's facts reach the core with the inputs, and
 * nothing of them reaches the engine (check's inputs, outputs, a partial failure's properties).
 * Every ID the engine names as this resource's is remembered (`held-objects.ts`).
 */
export function bindResource(
  provider: pulumi.dynamic.ResourceProvider,
  resource: ResourceContext,
): pulumi.dynamic.ResourceProvider {
  const held = (id: unknown) => {
    const apiUrl = apiUrlIfSet();
    if (apiUrl !== undefined && typeof id === "string" && id !== "")
      noteHeld(apiUrl, resource.journalKey, id);
  };
  /** A failure that keeps the object (a partial failure) names its ID and properties to the engine. */
  const kept = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      if (err instanceof Error && "properties" in err && typeof err.properties === "object") {
        held("id" in err ? err.id : undefined);
        Object.assign(err, { properties: withoutContext(err.properties as Props) });
      }
      throw err;
    }
  };
  const { check, diff, read, update } = provider;
  return {
    ...provider,
    check:
      check &&
      (async (olds, news) => {
        const result = await check(olds, withContext(news, resource));
        return { ...result, inputs: withoutContext(result.inputs) };
      }),
    diff:
      diff &&
      (async (id, olds, news) => {
        held(id);
        return diff(id, olds, withContext(news, resource));
      }),
    create: (inputs) =>
      kept(async () => {
        const result = await provider.create(withContext(inputs, resource));
        held(result.id);
        return { ...result, outs: withoutContext(result.outs) };
      }),
    read:
      read &&
      (async (id, props) => {
        const result = await read(id, props);
        held(result.id);
        return result;
      }),
    update:
      update &&
      ((id, olds, news) =>
        kept(async () => {
          const result = await update(id, olds, withContext(news, resource));
          held(id);
          return { ...result, outs: withoutContext(result.outs) };
        })),
    delete: async (id, props) => {
      await provider.delete?.(id, withContext(props, resource));
      const apiUrl = apiUrlIfSet();
      if (apiUrl !== undefined) forgetHeld(apiUrl, resource.journalKey, id);
    },
  };
}
