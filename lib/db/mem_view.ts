import { type Doc, getPath, type OrderBy } from "./doc.ts";
import { compareEntries, type Entry, keysOf, part, sortEntries, type View } from "./mem_scan.ts";

/**
 * Keeping the cached views and groups of a `MemIndex` in step with one write: the replaced
 * entry leaves its place (found by binary search in the view's order) and the new one goes
 * where a fresh sort would put it, so a write costs a few array moves instead of a re-sort.
 */

/** A view over `list` (entries in insertion order) in `order`. */
export function buildView<T extends Doc>(
  list: Entry<T>[],
  order: OrderBy[],
  where?: [string, string],
): View<T> {
  return { entries: order.length ? sortEntries(list, order) : list.slice(), order, where };
}

/** The grouping key of an entry. */
export function groupKey<T extends Doc>(e: Entry<T>, field: string): string {
  return String(getPath(e.row.value, field) ?? "");
}

/** Whether an entry belongs in a view (its `where`). */
function member<T extends Doc>(view: View<T>, e: Entry<T> | null): e is Entry<T> {
  return !!e && (!view.where || groupKey(e, view.where[0]) === view.where[1]);
}

/** The first position in the view whose entry does not come before `e`. */
function lowerBound<T extends Doc>(view: View<T>, e: Entry<T>): number {
  const { entries, order } = view;
  const k = keysOf(e, order);
  let lo = 0, hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const m = entries[mid];
    if (compareEntries(order, m, keysOf(m, order), e, k) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where `e` sits in the view (-1: absent). */
function find<T extends Doc>(view: View<T>, e: Entry<T>): number {
  const i = lowerBound(view, e);
  return view.entries[i] === e ? i : view.entries.indexOf(e);
}

const sameText = <T extends Doc>(a: Entry<T>, b: Entry<T>) =>
  a.all === b.all && a.text.every((t, i) => t === b.text[i]);

/** Moves a view from `old` (null: a new record) to `neu` (null: a removed one). */
export function updateView<T extends Doc>(
  view: View<T>,
  old: Entry<T> | null,
  neu: Entry<T> | null,
): void {
  const was = member(view, old) ? find(view, old) : -1;
  if (!member(view, neu)) {
    if (was < 0) return;
    willPatch(view);
    return spliceView(view, was, 1);
  }
  const { entries, order } = view;
  if (was >= 0) {
    const k = keysOf(neu, order);
    const before = entries[was - 1], after = entries[was + 1];
    if (
      (!before || compareEntries(order, before, keysOf(before, order), neu, k) < 0) &&
      (!after || compareEntries(order, neu, k, after, keysOf(after, order)) < 0)
    ) {
      const same = sameText(old!, neu);
      if (!same) willPatch(view);
      return spliceView(view, was, 1, neu, same);
    }
    const at = lowerBound(view, neu);
    willPatch(view);
    return moveInView(view, was, at > was ? at - 1 : at, neu);
  }
  willPatch(view);
  spliceView(view, lowerBound(view, neu), 0, neu);
}

/** The position of the first entry with insertion rank `seq` or later, in a list in that order. */
function seqBound<T extends Doc>(list: Entry<T>[], seq: number): number {
  let lo = 0, hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid].seq < seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Moves a list kept in insertion order (all rows, one group) from `old` to `neu`; either may
 * be null. Returns whether the list is left empty.
 */
export function updateList<T extends Doc>(
  list: Entry<T>[],
  old: Entry<T> | null,
  neu: Entry<T> | null,
): boolean {
  if (old) {
    let i = seqBound(list, old.seq);
    if (list[i] !== old) i = list.indexOf(old);
    if (i >= 0 && neu && neu.seq === old.seq) {
      list[i] = neu;
      return false;
    }
    if (i >= 0) list.splice(i, 1);
  }
  if (neu) {
    if (!list.length || list[list.length - 1].seq < neu.seq) list.push(neu);
    else list.splice(seqBound(list, neu.seq), 0, neu);
  }
  return !list.length;
}

/**
 * Before a write changes a view's haystacks: a haystack is patched once between searches (each
 * patch copies the whole text when a search flattens it); one already patched since the last
 * search is dropped, to be rebuilt by the next search.
 */
function willPatch<T extends Doc>(view: View<T>): void {
  for (const [sig, h] of view.haystacks ?? []) {
    if (h.patched) view.haystacks!.delete(sig);
    else h.patched = true;
  }
}

/**
 * Replaces `remove` (0 or 1) entries at `at` with `entry` (if given) in the view and in its
 * haystacks; `sameText` says the replacing entry's search text is the replaced one's.
 */
function spliceView<T extends Doc>(
  view: View<T>,
  at: number,
  remove: 0 | 1,
  entry?: Entry<T>,
  sameText = false,
): void {
  if (entry) view.entries.splice(at, remove, entry);
  else view.entries.splice(at, remove);
  if (view.cols) {
    view.cols = view.cols.map((col, c) => {
      if (remove && entry) {
        col[at] = entry.nums![c];
        return col;
      }
      const next = new Float64Array(col.length - remove + (entry ? 1 : 0));
      next.set(col.subarray(0, at));
      if (entry) next[at] = entry.nums![c];
      next.set(col.subarray(at + remove), at + (entry ? 1 : 0));
      return next;
    });
  }
  if (sameText && remove && entry) return;
  for (const h of view.haystacks?.values() ?? []) {
    const { offsets } = h;
    const a = offsets[at], b = offsets[at + remove];
    const p = entry ? part(entry, h.fields) : "";
    const delta = p.length - (b - a), add = entry ? 1 : 0;
    const next = new Int32Array(offsets.length - remove + add);
    next.set(offsets.subarray(0, at + 1));
    if (entry) next[at + 1] = a + p.length;
    for (let k = at + remove + 1; k < offsets.length; k++) {
      next[k - remove + add] = offsets[k] + delta;
    }
    h.text = h.text.slice(0, a) + p + h.text.slice(b);
    h.offsets = next;
  }
}

/**
 * Moves the entry at `from` to `to` (its position once moved) as `entry`, in the view and in its
 * haystacks (one patch, so one copy of the text when it is next searched).
 */
function moveInView<T extends Doc>(
  view: View<T>,
  from: number,
  to: number,
  entry: Entry<T>,
): void {
  const { entries } = view;
  if (to > from) entries.copyWithin(from, from + 1, to + 1);
  else entries.copyWithin(to + 1, to, from);
  entries[to] = entry;
  view.cols?.forEach((col, c) => {
    if (to > from) col.copyWithin(from, from + 1, to + 1);
    else col.copyWithin(to + 1, to, from);
    col[to] = entry.nums![c];
  });
  for (const h of view.haystacks?.values() ?? []) {
    const { offsets: o, text: t } = h;
    const p = part(entry, h.fields);
    const gone = o[from + 1] - o[from], delta = p.length - gone;
    const next = new Int32Array(o.length);
    if (to > from) {
      next.set(o.subarray(0, from));
      for (let k = from; k <= to; k++) next[k] = o[k + 1] - gone;
      h.text = t.slice(0, o[from]) + t.slice(o[from + 1], o[to + 1]) + p + t.slice(o[to + 1]);
    } else {
      next.set(o.subarray(0, to + 1));
      for (let k = to + 1; k <= from; k++) next[k] = o[k - 1] + p.length;
      h.text = t.slice(0, o[to]) + p + t.slice(o[to], o[from]) + t.slice(o[from + 1]);
    }
    for (let k = Math.max(from, to) + 1; k < o.length; k++) next[k] = o[k] + delta;
    h.offsets = next;
  }
}
