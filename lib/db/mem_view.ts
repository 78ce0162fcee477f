import { type Doc, getPath, type OrderBy } from "./doc.ts";
import {
  compareEntries,
  type Entry,
  keysOf,
  sortEntries,
  spliceHaystack,
  type View,
} from "./mem_scan.ts";

/**
 * Keeping the cached views and groups of a `MemIndex` in step with one write: the replaced
 * entry leaves its place (found by binary search in the view's order) and the new one goes
 * where a fresh sort would put it, so a write costs a few array moves instead of a re-sort.
 */

/** Entries per block of a view's search text (see `Haystack` in mem_scan.ts). */
export const BLOCK = 512;

/** A view over `list` (entries in insertion order) in `order`. */
export function buildView<T extends Doc>(
  list: Entry<T>[],
  order: OrderBy[],
  where?: [string, string],
  block = BLOCK,
): View<T> {
  return { entries: order.length ? sortEntries(list, order) : list.slice(), order, where, block };
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
      return spliceView(view, was, 1, neu, sameText(old!, neu));
    }
    const at = lowerBound(view, neu);
    return moveInView(view, was, at > was ? at - 1 : at, neu);
  }
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
  for (const h of view.haystacks?.values() ?? []) {
    spliceHaystack(h, view.block, at, remove, entry ? 1 : 0, sameText);
  }
}

/**
 * Moves the entry at `from` to `to` (its position once moved) as `entry`, in the view and in its
 * haystacks (the blocks holding both places lose their text).
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
    spliceHaystack(h, view.block, from, 1, 0);
    spliceHaystack(h, view.block, to, 0, 1);
  }
}
