/**
 * The heavy tier of the core's interface (`core-interface.ts`, reached through its `core()`): each
 * kind's provider bound to a resource's context, its spec, and the rules the plugin's steps apply
 * around the provider's operations (an import's Read and Check, a refresh over stored inputs, a
 * preview's outputs, the IDs the schema declares).
 */
export { unknownInputs } from "./core/check";
export { storedInputs, withStoredInputs } from "./core/declared";
export { readTarget } from "./core/import-id";
export { importedInputs } from "./core/imported-inputs";
export { comparedState, markedImported, withProgramOnly } from "./core/imported-state";
export { inputJsonSchema, outputJsonSchema } from "./core/input-schema";
export { noteSecretLabel } from "./core/names";
export { secretOutputs } from "./core/secret-fields";
export { previewUpdateOutputs } from "./core/preview-outputs";
export { configure } from "./core/settings";
export { provider } from "./runtime";
export { specOf } from "./spec-loaders";
