import { type Doc, getPath, type OrderBy } from "./doc.ts";
import { compareEntries, type Entry, entryAt, keysOf, sortEntries, type View } from "./scan.ts";

/**
 * Keeping a `MemIndex`'s cached views and groups in step with one write: the old entry leaves
 * its place (binary search) and the new one goes where a sort would put it.
 */

/** A view over `list` (insertion order) in `order`; `bySeq` the index's entries by rank. */
export function buildView<T extends Doc>(
  list: Entry<T>[],
  order: OrderBy[],
  bySeq: (Entry<T> | undefined)[],
  where?: [string, string],
): View<T> {
  const sorted = order.length ? sortEntries(list, order) : list;
  const seqs = new Int32Array(sorted.length);
  for (let k = 0; k < sorted.length; k++) seqs[k] = sorted[k].seq;
  return { seqs, bySeq, order, where };
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
  const { order } = view;
  const k = keysOf(e, order);
  let lo = 0, hi = view.seqs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const m = entryAt(view, mid);
    if (compareEntries(order, m, keysOf(m, order), e, k) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where `e` sits in the view (-1: absent). */
function find<T extends Doc>(view: View<T>, e: Entry<T>): number {
  const i = lowerBound(view, e);
  return view.seqs[i] === e.seq ? i : view.seqs.indexOf(e.seq);
}

/** Moves a view from `old` (null: new) to `neu` (null: removed), before the ranks change. */
export function updateView<T extends Doc>(
  view: View<T>,
  old: Entry<T> | null,
  neu: Entry<T> | null,
): void {
  const inOld = member(view, old), inNew = member(view, neu);
  // a write that leaves the view's keys as they were (an examination's totals, in a view by
  // name or date) leaves its place: no search for it
  if (inOld && inNew && old.seq === neu.seq) {
    const a = keysOf(old, view.order), b = keysOf(neu, view.order);
    if (a.every((k, i) => k === b[i])) return;
  }
  const was = inOld ? find(view, old) : -1;
  if (!inNew) {
    if (was < 0) return;
    return spliceView(view, was, 1);
  }
  const { order } = view;
  if (was >= 0) {
    const k = keysOf(neu, order);
    const before = was > 0 ? entryAt(view, was - 1) : undefined;
    const after = was + 1 < view.seqs.length ? entryAt(view, was + 1) : undefined;
    if (
      (!before || compareEntries(order, before, keysOf(before, order), neu, k) < 0) &&
      (!after || compareEntries(order, neu, k, after, keysOf(after, order)) < 0)
    ) {
      return spliceView(view, was, 1, neu);
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

/** Moves a list kept in insertion order from `old` to `neu` (either null); whether it is empty. */
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

/** A typed array with `remove` (0 or 1) items at `at` replaced by `add` (if given). */
function spliced<A extends Int32Array>(
  col: A,
  at: number,
  remove: 0 | 1,
  add: number | undefined,
): A {
  if (remove && add !== undefined) {
    col[at] = add;
    return col;
  }
  const next = new (col.constructor as { new (n: number): A })(
    col.length - remove + (add !== undefined ? 1 : 0),
  );
  next.set(col.subarray(0, at));
  if (add !== undefined) next[at] = add;
  next.set(col.subarray(at + remove), at + (add !== undefined ? 1 : 0));
  return next;
}

/** Replaces `remove` (0 or 1) entries at `at` with `entry` (if given) in the view. */
function spliceView<T extends Doc>(
  view: View<T>,
  at: number,
  remove: 0 | 1,
  entry?: Entry<T>,
): void {
  view.seqs = spliced(view.seqs, at, remove, entry?.seq);
}

/** Moves the entry at `from` to `to` (its position once moved) as `entry`. */
function moveInView<T extends Doc>(
  view: View<T>,
  from: number,
  to: number,
  entry: Entry<T>,
): void {
  const { seqs } = view;
  if (to > from) seqs.copyWithin(from, from + 1, to + 1);
  else seqs.copyWithin(to + 1, to, from);
  seqs[to] = entry.seq;
}

/** Keeps cached groupings (value at a field → entries in insertion order) in step with a write. */
export function updateGroups<T extends Doc>(
  groups: Map<string, Map<string, Entry<T>[]>>,
  old: Entry<T> | null,
  neu: Entry<T> | null,
): void {
  for (const [field, g] of groups) {
    const was = old && groupKey(old, field), is = neu && groupKey(neu, field);
    if (was !== null && was === is) {
      updateList(g.get(was)!, old, neu);
      continue;
    }
    if (was !== null && updateList(g.get(was)!, old, null)) g.delete(was);
    if (is !== null) {
      const list = g.get(is);
      if (list) updateList(list, null, neu);
      else g.set(is, [neu!]);
    }
  }
}
