/**
 * What a provider process remembers between the engine's calls, in one object: the catalogues it
 * read, the labels it found free, the children and tags the program declares, each instance's
 * queue of power work, the order its config interfaces arrive in, ... A module takes its maps from
 * here by name (`processMemory.map("label claims: free since")`) instead of holding its own, so
 * that everything a process keeps is listed in one place (`names()`) and forgotten at once
 * (`forget()`: each unit test starts from it, as from a new provider process). Settings and the
 * switches the runtime turns on at its start are not memory.
 */
type Kept = Map<unknown, unknown> | Set<unknown>;

class ProcessMemory {
  readonly #kept = new Map<string, Kept>();

  /** A map kept for the life of the process under `name` (one owner per name). */
  map<K, V>(name: string): Map<K, V> {
    return this.#keep(name, new Map<K, V>());
  }

  /** A set kept for the life of the process under `name` (one owner per name). */
  set<T>(name: string): Set<T> {
    return this.#keep(name, new Set<T>());
  }

  /** The names of what the process keeps, in the order the modules asked for them. */
  names(): string[] {
    return [...this.#kept.keys()];
  }

  /** Empties everything the process keeps. */
  forget(): void {
    for (const kept of this.#kept.values()) kept.clear();
  }

  #keep<T extends Kept>(name: string, kept: T): T {
    if (this.#kept.has(name)) throw new Error(`process memory: "${name}" is asked for twice`);
    this.#kept.set(name, kept);
    return kept;
  }
}

export const processMemory = new ProcessMemory();
