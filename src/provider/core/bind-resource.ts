import { engineAlive } from "./engine-watch";
import { PartialFailure } from "./errors";
import type { CoreProvider } from "./make-provider";
import { forgetHeld, noteHeld, stackChanged } from "./held-objects";
import { withContext, withoutContext, type ResourceContext } from "./resource-context";
import { apiUrlIfSet } from "./settings";

/**
 * The provider serving one resource: the context's facts reach the core with the inputs, and
 * nothing of them reaches the engine (check's inputs, outputs, a partial failure's properties).
 * Every ID the engine names as this resource's is remembered (`held-objects.ts`; written once a
 * create, update or delete changed the stack), and every ID a
 * create tells an engine still there to record it (a create that ends after the CLI was killed is
 * the interrupted run's: the journal adopts it, never this memory).
 */
export function bindResource(provider: CoreProvider, resource: ResourceContext): CoreProvider {
  const held = (id: unknown) => {
    const apiUrl = apiUrlIfSet();
    if (apiUrl !== undefined && typeof id === "string" && id !== "")
      noteHeld(apiUrl, resource.journalKey, id);
  };
  /** A create, update or delete returned (or kept its object): the engine records a change. */
  const changed = (id: unknown) => {
    held(id);
    stackChanged();
  };
  /** A failure that keeps the object (a partial failure) names its ID and properties to the engine. */
  const kept = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      if (err instanceof PartialFailure) {
        if (await engineAlive()) changed(err.id);
        Object.assign(err, { properties: withoutContext(err.properties) });
      }
      throw err;
    }
  };
  return {
    ...provider,
    check: async (olds, news) => {
      const result = await provider.check(olds, withContext(news, resource), resource);
      return { ...result, inputs: withoutContext(result.inputs) };
    },
    diff: async (id, olds, news) => {
      held(id);
      return provider.diff(id, olds, withContext(news, resource), resource);
    },
    create: (inputs) =>
      kept(async () => {
        const result = await provider.create(withContext(inputs, resource), resource);
        if (await engineAlive()) changed(result.id);
        return { ...result, outs: withoutContext(result.outs) };
      }),
    read: async (id, props) => {
      const result = await provider.read(id, props);
      held(result.id);
      return result;
    },
    update: (id, olds, news) =>
      kept(async () => {
        const result = await provider.update(id, olds, withContext(news, resource), resource);
        changed(id);
        return { ...result, outs: withoutContext(result.outs) };
      }),
    delete: async (id, props) => {
      await provider.delete(id, withContext(props, resource), resource);
      const apiUrl = apiUrlIfSet();
      if (apiUrl !== undefined) forgetHeld(apiUrl, resource.journalKey, id);
      stackChanged();
    },
  };
}
