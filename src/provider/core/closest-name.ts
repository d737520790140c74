/** The name a misspelt one most likely means, among the names a setting or an input may have. */

/** The edit distance of two names, case ignored. */
function distance(a: string, b: string): number {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  let row = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const next = [i];
    for (let j = 1; j <= y.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[y.length]!;
}

/** The one of `names` that `name` most likely means, if one is close (or alone begins with it). */
export function closestName(name: string, names: readonly string[]): string | undefined {
  const begun = names.filter((known) => known.toLowerCase().startsWith(name.toLowerCase()));
  if (begun.length === 1) return begun[0];
  const [best] = names.map((known) => ({ known, d: distance(name, known) })).sort((a, b) => a.d - b.d);
  return best && best.d <= Math.max(2, Math.floor(name.length / 3)) ? best.known : undefined;
}
