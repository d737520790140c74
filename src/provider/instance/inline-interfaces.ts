/**
 * Which configs declare their interfaces inline (`InstanceConfig.interfaces`), as this provider
 * process has seen them during one `pulumi up` or preview. A config whose list is declared inline
 * would remove at each update an interface a `ConfigInterface` added, and the `ConfigInterface`
 * would add it back: the two never agree, so a `ConfigInterface` on such a config fails its check.
 * The engine checks a `ConfigInterface` after the config it names (its ID comes from the config), so
 * the config has been seen by then.
 */
import { processMemory } from "../core/process-memory";
const declared = processMemory.map<string, boolean>("configs: interfaces declared inline");

export function noteInlineInterfaces(configId: string, inline: boolean): void {
  declared.set(String(configId), inline);
}

export function declaresInlineInterfaces(configId: string | number): boolean {
  return declared.get(String(configId)) === true;
}
