/**
 * Values as TypeScript source: JSON-like literals in the layout prettier gives them (one line when it
 * fits in the width, else one property or item per line), multi-line strings as template literals,
 * and references to declared resources as `<variable>.id`.
 */

export const WIDTH = 110;

/** A reference to a declared resource's ID. */
export class Ref {
  constructor(readonly variable: string) {}
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export const propertyKey = (key: string) => (IDENTIFIER.test(key) ? key : JSON.stringify(key));

/** A string with line breaks as a template literal (a script reads as itself); others as JSON. */
function stringLiteral(text: string): string {
  if (!text.includes("\n")) return JSON.stringify(text);
  return "`" + text.replace(/\\/g, "\\\\").replace(/`/g, "\\`").replace(/\$\{/g, "\\${") + "`";
}

function oneLine(value: unknown): string {
  if (value instanceof Ref) return `${value.variable}.id`;
  if (typeof value === "string") return stringLiteral(value);
  if (Array.isArray(value)) return `[${value.map(oneLine).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).map(([k, v]) => `${propertyKey(k)}: ${oneLine(v)}`);
    return entries.length === 0 ? "{}" : `{ ${entries.join(", ")} }`;
  }
  return JSON.stringify(value);
}

/** `value` as source starting at `column` of a line indented by `indent`. */
export function literal(value: unknown, indent = "", column = indent.length): string {
  const flat = oneLine(value);
  const fits = !flat.includes("\n") && column + flat.length <= WIDTH;
  if (fits || value instanceof Ref || value === null || typeof value !== "object") return flat;
  const inner = `${indent}  `;
  const lines = Array.isArray(value)
    ? value.map((item) => literal(item, inner))
    : Object.entries(value).map(([k, v]) => {
        const key = `${propertyKey(k)}: `;
        return key + literal(v, inner, inner.length + key.length);
      });
  if (lines.length === 0) return flat;
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  return `${open}\n${lines.map((line) => `${inner}${line},`).join("\n")}\n${indent}${close}`;
}
