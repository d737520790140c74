/**
 * The package's root directory (package.json, schema.json, docs/): the one above src/, or above dist/
 * in the build, where this module runs from. The schema's writers, the docs' generator and the
 * scripts take it from here. Not for bundled code: a bundle's `__dirname` is the bundle's directory.
 */
import * as path from "node:path";

export const PACKAGE_ROOT = path.resolve(__dirname, "..");
