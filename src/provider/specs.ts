/** Every resource kind's spec, loaded at once: for what lists every kind (the plugin's schema, the
 * docs). A provider process loads each kind on first use instead (`spec-loaders.ts`). */
import type { AnySpec } from "./core/resource-spec";
import { KIND_NAMES, specOf } from "./spec-loaders";

export const SPECS: AnySpec[] = KIND_NAMES.map((kind) => specOf(kind)!);
