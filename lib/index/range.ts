import { type Doc, type Row, walk } from "./doc.ts";
import { compareKey, entryAt, sortKey, type View } from "./scan.ts";

/**
 * Rows whose value at `field` lies in [`from`, `to`], ascending: two binary searches in the
 * field's ascending view (numbers as numbers, text lowercased); rows without one never are.
 */
export function rangeOf<T extends Doc>(
  view: View<T>,
  field: string,
  from: string | number,
  to: string | number,
): Row<T>[] {
  const parts = field.split(".");
  const value = (i: number) => walk(entryAt(view, i).row.value, parts);
  const lo = sortKey(from), hi = sortKey(to);
  const bound = (before: (k: string | number) => boolean) => {
    let a = 0, b = view.seqs.length;
    while (a < b) {
      const m = (a + b) >>> 1;
      if (before(sortKey(value(m)))) a = m + 1;
      else b = m;
    }
    return a;
  };
  const first = bound((k) => compareKey(k, lo) < 0);
  const end = bound((k) => compareKey(k, hi) <= 0);
  const out: Row<T>[] = [];
  for (let i = first; i < end; i++) {
    if (value(i) != null) out.push(entryAt(view, i).row);
  }
  return out;
}
