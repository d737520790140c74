/** The benches' numeric flags: a wrong value fails naming the flag. */
export function integerFlag(flag: string, text: string, min: number): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min)
    throw new Error(`--${flag}: expected an integer >= ${min}, got "${text}"`);
  return n;
}

export function positiveFlag(flag: string, text: string): number {
  const n = Number(text);
  if (!(n > 0)) throw new Error(`--${flag}: expected a positive number, got "${text}"`);
  return n;
}
