/** Comments of a program: prose wrapped into lines of at most `WIDTH` characters, each behind a marker. */

export const WIDTH = 110;

/** `text` as lines of `marker` (`//`, `#`) comments of at most WIDTH characters, indented by `indent`. */
export function comment(text: string, indent = "", marker = "//"): string[] {
  const lines: string[] = [];
  const empty = `${indent}${marker}`;
  let line = empty;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line.length + 1 + word.length > WIDTH && line !== empty) {
      lines.push(line);
      line = empty;
    }
    line += ` ${word}`;
  }
  return [...lines, line];
}

/** Paragraphs as comments, an empty comment line between them. */
export const paragraphs = (texts: readonly string[], indent = "", marker = "//"): string[] =>
  texts.flatMap((text, i) => [...(i ? [`${indent}${marker}`] : []), ...comment(text, indent, marker)]);
