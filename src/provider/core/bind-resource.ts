import { engineAlive } from "./engine-watch";
import { PartialFailure } from "./errors";
import type { CoreProvider } from "./make-provider";
import { forgetHeld, noteHeld, stackChanged } from "./held-objects";
import type { ResourceContext } from "./resource-context";
import { apiUrlIfSet } from "./settings";

/**
 * The provider serving one resource: each of the core's operations gets the resource's context as
 * its last argument (the inputs and outputs carry none of it). Every ID the engine names as this resource's is remembered (`held-objects.ts`; written once a
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
      }
      throw err;
    }
  };
  return {
    ...provider,
    check: (olds, news) => provider.check(olds, news, resource),
    diff: async (id, olds, news) => {
      held(id);
      return provider.diff(id, olds, news, resource);
    },
    create: (inputs) =>
      kept(async () => {
        const result = await provider.create(inputs, resource);
        if (await engineAlive()) changed(result.id);
        return result;
      }),
    read: async (id, props) => {
      const result = await provider.read(id, props, resource);
      // What a `get` reads is not the resource's own object: it never made it, and never deletes it.
      if (!resource.lookUp) held(result.id);
      return result;
    },
    update: (id, olds, news) =>
      kept(async () => {
        const result = await provider.update(id, olds, news, resource);
        changed(id);
        return result;
      }),
    delete: async (id, props) => {
      await provider.delete(id, props, resource);
      const apiUrl = apiUrlIfSet();
      if (apiUrl !== undefined) forgetHeld(apiUrl, resource.journalKey, id);
      stackChanged();
    },
  };
}
