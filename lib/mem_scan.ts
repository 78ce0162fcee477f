import { type Doc, getPath, type OrderBy, type Row } from "./mem_index.ts";

/** Text search and ordering over the entries of a `MemIndex` (see there). */

/** One indexed row with its lowercased search text. */
export interface Entry<T extends Doc> {
  row: Row<T>;
  /** Lowercased value of each search field. */
  text: string[];
  /** All of `text` joined, for a search over every field in one pass. */
  all: string;
}

/**
 * Entries in one order, plus (built on the first search) their text as one string, per set of
 * searched fields (all of them, or the resource's own search fields when its columns add more).
 */
export interface View<T extends Doc> {
  entries: Entry<T>[];
  haystacks?: Map<string, { text: string; offsets: Int32Array }>;
}

/**
 * Substring search over a view: one `indexOf` pass over the joined text (entries in sorted
 * order are scattered in memory, so walking them one by one is several times slower).
 * `fields` are positions in the entries' `text` (null: every field).
 */
export function scan<T extends Doc>(
  view: View<T>,
  s: string,
  start: number,
  end: number,
  fields: number[] | null,
) {
  const { entries } = view;
  const { text, offsets } = haystackOf(view, fields);
  const rows: Row<T>[] = [];
  let filtered = 0, k = 0, p = 0;
  while ((p = text.indexOf(s, p)) !== -1) {
    while (offsets[k + 1] <= p) k++;
    if (filtered >= start && filtered < end) rows.push(entries[k].row);
    filtered++;
    p = offsets[++k];
    if (k >= entries.length) break;
  }
  return { filtered, rows };
}

/** The view's searched fields joined into one text, built on first use and kept. */
function haystackOf<T extends Doc>(view: View<T>, fields: number[] | null) {
  const { entries } = view;
  const sig = fields ? fields.join(",") : "*";
  view.haystacks ??= new Map();
  let haystack = view.haystacks.get(sig);
  if (!haystack) {
    const offsets = new Int32Array(entries.length + 1);
    let o = 0;
    const parts = entries.map((e, i) => {
      const all = fields ? fields.map((f) => e.text[f]).join("\u0001") : e.all;
      offsets[i] = o;
      o += all.length + 1;
      return all.replaceAll("\n", " ");
    });
    offsets[entries.length] = o;
    haystack = { text: parts.join("\n"), offsets };
    view.haystacks.set(sig, haystack);
  }
  return haystack;
}

/** Marks the view's entries whose text contains at least one of `needles`. */
export function candidates<T extends Doc>(
  view: View<T>,
  fields: number[] | null,
  needles: string[],
) {
  const { text, offsets } = haystackOf(view, fields);
  const n = view.entries.length;
  const hit = new Uint8Array(n);
  for (const needle of needles) {
    let k = 0, p = 0;
    while ((p = text.indexOf(needle, p)) !== -1) {
      while (offsets[k + 1] <= p) k++;
      hit[k] = 1;
      if (++k >= n) break;
      p = offsets[k];
    }
  }
  return hit;
}

/** Entries in `order` (ties by id), as a new array. */
export function sortEntries<E extends Entry<Doc>>(list: E[], order: OrderBy[]): E[] {
  const keyed = list.map((e) => ({
    e,
    k: order.map((o) => sortKey(getPath(e.row.value, o.field))),
    id: e.row.value._id,
  }));
  const sign = order.map((o) => o.dir === "desc" ? -1 : 1);
  keyed.sort((a, b) => {
    for (let i = 0; i < sign.length; i++) {
      if (a.k[i] !== b.k[i]) return (a.k[i] < b.k[i] ? -1 : 1) * sign[i];
    }
    return a.id < b.id ? -1 : 1;
  });
  return keyed.map((x) => x.e);
}

/** The value a field is ordered by: numbers as they are, anything else lowercased text. */
export function sortKey(v: unknown): string | number {
  return typeof v === "number" ? v : v == null ? "" : String(v).toLowerCase();
}
