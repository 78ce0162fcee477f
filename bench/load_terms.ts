/**
 * Search terms of `deno task load` as clerks type them, drawn from the data set's own names,
 * codes and numbers: mostly the first one to four characters of a word or code (what a search
 * box sends while it is typed), then whole words.
 */

/** How many characters a search sends: 1–4 (weights below), else the whole word. */
const TYPED = [
  { chars: 1, weight: 0.15 },
  { chars: 2, weight: 0.2 },
  { chars: 3, weight: 0.2 },
  { chars: 4, weight: 0.15 },
];

/** A term as typed from `word`: a prefix of 1–4 characters (70 %) or the whole word (30 %). */
export function typed(rnd: () => number, word: string): string {
  let r = rnd();
  for (const t of TYPED) {
    if (r < t.weight) return word.slice(0, t.chars);
    r -= t.weight;
  }
  return word;
}

/** The words of a name or description worth typing (letters and digits, two or more). */
export function wordsOf(text: string): string[] {
  return text.split(/[^\p{L}\p{N}.]+/u).filter((w) => w.length >= 2 && !/^\.+$/.test(w));
}

/** One element of `xs`, uniformly. */
export const pick = <T>(rnd: () => number, xs: readonly T[]): T =>
  xs[Math.floor(rnd() * xs.length)];
