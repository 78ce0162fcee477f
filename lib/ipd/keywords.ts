// Disputed-claim keyword monitoring: which keywords the chosen ICD codes hit, and their summary.

/** A code as keywords compare it (upper case, no dots or spaces), kept per text. */
const normed = new Map<string, string>();
const normCode = (c: string) => {
  let n = normed.get(c);
  if (n === undefined) {
    n = c.trim().toUpperCase().replace(/[.\s]/g, "");
    if (normed.size < 50_000) normed.set(c, n);
  }
  return n;
};

/** The ICD codes a disputed-claim entry names (`83.39;86.3` → two codes). */
function keywordCodes(kodeIcd: string): string[] {
  return kodeIcd.split(/[;,/]/).map((c) => c.trim()).filter(Boolean);
}

/** A keyword's code as compared: a category (`J18`) also matches its subdivisions. */
interface KeyCode {
  code: string;
  category: boolean;
}

/** Each keyword text's codes, normalized once (the master list is short and recurs). */
const keywordNorms = new Map<string, KeyCode[]>();
const normsOf = (kodeIcd: string) => {
  let norms = keywordNorms.get(kodeIcd);
  if (!norms) {
    norms = keywordCodes(kodeIcd).map(normCode).map((code) => ({
      code,
      category: code.length >= 3 && /^[A-Z]/.test(code),
    }));
    keywordNorms.set(kodeIcd, norms);
  }
  return norms;
};
const hits = (norms: KeyCode[], picked: string[]) =>
  norms.some((k) => picked.some((c) => c === k.code || (k.category && c.startsWith(k.code))));

/** Whether one of a keyword's ICD codes is chosen (a category like `J18` matches `J18.9`). */
export function keywordHit(kodeIcd: string, chosen: string[]): boolean {
  return hits(normsOf(kodeIcd), chosen.map(normCode));
}

/** Each keyword list's lookup of keywords by code (see `keywordHits`). */
const lookups = new WeakMap<readonly { kode_icd: string }[], {
  exact: Map<string, number[]>;
  category: Map<string, number[]>;
}>();

/** The keywords of `list` the chosen codes hit (`keywordHit`), by a lookup built once per list. */
export function keywordHits<K extends { kode_icd: string }>(
  list: readonly K[],
  chosen: string[],
): K[] {
  if (!list.length || !chosen.length) return [];
  let lookup = lookups.get(list);
  if (!lookup) {
    lookup = { exact: new Map(), category: new Map() };
    list.forEach((k, i) => {
      for (const n of normsOf(k.kode_icd)) {
        const into = n.category ? lookup!.category : lookup!.exact;
        into.set(n.code, [...into.get(n.code) ?? [], i]);
      }
    });
    lookups.set(list, lookup);
  }
  let found: Set<number> | null = null;
  const add = (at: number[] | undefined) => at?.forEach((i) => (found ??= new Set()).add(i));
  for (const c of chosen) {
    const n = normCode(c);
    add(lookup.exact.get(n));
    if (lookup.category.size) {
      for (let len = 3; len <= n.length; len++) add(lookup.category.get(n.slice(0, len)));
    }
  }
  return found ? list.filter((_, i) => found!.has(i)) : [];
}

/** The read-only summary built from picked keywords: keyword, recommendation and source. */
export function keywordSummary(
  items: { keyword: string; rekomendasi: string; sumber: string }[],
): string {
  return items.map((k) =>
    `${k.keyword}: ${k.rekomendasi || "-"}${k.sumber ? ` (Sumber: ${k.sumber})` : ""}`
  ).join("\n");
}
