/**
 * An example on a page, in each language from its one source (src/schema/examples), with where it
 * comes from, how it is checked, and the secrets it reads from stack config.
 */
import * as fs from "node:fs";
import type { Example } from "../../src/schema/examples/model";
import { secretsOf } from "../../src/schema/examples/model";
import { fenced, renderings } from "../../src/schema/examples/renderings";
import type { SchemaTypes } from "../../src/schema/examples/schema-lookup";
import { SCHEMA_FILE } from "../../src/schema/schema-file";

/** The package schema as the examples' Python and Go need it (their typed inputs and arguments). */
export const schemaTypes = JSON.parse(fs.readFileSync(SCHEMA_FILE, "utf8")) as SchemaTypes;

const TEST = "test/engine/plugin/reference-examples.test.ts";

/** `source` is the example's file from the repository's root; `up` leads from the page to that root. */
export function exampleBlock(example: Example, source: string, up: string): string[] {
  const secrets = secretsOf(example);
  return [
    `In each language, from one source ([${source}](${up}${source})); each rendering is checked by`,
    `[${TEST}](${up}${TEST})`,
    "(TypeScript: tsc; Python: mypy --strict; Go: gofmt and go vet; YAML: a preview against the emulator).",
    ...(secrets.length > 0
      ? [
          `Secrets come from stack config: ${secrets
            .map((k) => `\`pulumi config set --secret ${k} ...\``)
            .join(", ")}.`,
        ]
      : []),
    "",
    ...renderings(schemaTypes, example).flatMap((r) => [`${r.title}:`, "", ...fenced(r, r.fence), ""]),
  ];
}
