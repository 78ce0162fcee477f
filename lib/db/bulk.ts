import type { Op } from "./batch.ts";
import { dropUndo, JOURNAL, journalOps, rollBack, type UndoItem, unlocked } from "./journal.ts";
import { conflict, storageError } from "../errors.ts";
import { newId } from "./ids.ts";
import { tallyNow } from "./tally.ts";
import { currentOutbox } from "./outbox.ts";
import { type AlsoWrite, itemsOf, type Part, planAhead, planCommits } from "./bulk_plan.ts";
import type { Doc } from "../index/doc.ts";
import type { Check, Collection } from "./collection.ts";

export type { AlsoWrite };

/** The 409 of a `writeMany` that found the collection written by someone else. */
export const RACED_MESSAGE =
  "Data berubah oleh pengguna lain selama impor; impor dibatalkan, tidak ada data " +
  "yang disimpan. Ulangi impor.";

/** How a `writeMany` is checked and named. */
export interface WriteManyOptions {
  /** Called after each commit with the records written so far. */
  onCommit?: (done: number) => void;
  /** The counter's versionstamp the caller validated at (default: read at the start). */
  since?: string | null;
  /** More checks every commit carries (e.g. the parents' counters an import matched rows to). */
  guards?: Check[];
  /** What the staff are told runs while it holds the collection (default 'Impor data {name}'). */
  what?: string;
  /** Records of other collections written with these, all or nothing (see `AlsoWrite`). */
  also?: AlsoWrite[];
}

/**
 * Writes many records (new, or replacing index rows) in commits within KV limits, each
 * checking the counter at `since`, so uniqueness holds without a check per key. Several
 * commits are all or nothing under a journal and the collection's lock (lib/db/README.md);
 * a full disk answers 507. Returns the number of records written.
 */
export async function writeMany<T extends Doc>(
  col: Collection<T>,
  docs: T[],
  opts: WriteManyOptions = {},
): Promise<number> {
  const { onCommit, guards = [], also = [] } = opts;
  let ver = opts.since !== undefined ? opts.since : (await col.kv.get(col.verKey)).versionstamp;
  const index = await col.index(true);
  index.willWrite(docs.length);
  // the undo and the unique keys need the whole records replaced (a slim index keeps part)
  const held = docs.flatMap((d) => index.get(d._id) ?? []);
  const olds = new Map((await col.full(held, true)).map((r) => [r.value._id, r.value]));
  const main = col as unknown as Collection<Doc>;
  const items = itemsOf(main, docs, olds, also);
  const names = [...new Set([col.name, ...also.map((a) => a.col.name)])];
  const tally = col.spec.tally;
  // the tally as the whole write leaves it must keep its minimum (checked again as it commits)
  let count = tally && items.some((it) => it.delta) ? await tallyNow(col, ver) : null;
  let tallyUndo: UndoItem | null = null;
  if (count && tally) {
    if (count.n + items.reduce((a, it) => a + it.delta, 0) < tally.min) {
      throw conflict(tally.message);
    }
    tallyUndo = count.versionstamp ? [tally.key, count.n] : [tally.key];
  }
  // the commits are planned one ahead: the one after next while the last one commits
  const { next, intents } = planAhead(planCommits(items, guards.length));
  let cur: Part | null = null, upcoming: Part | null = null;
  try {
    cur = next();
    upcoming = next();
  } catch (e) {
    currentOutbox()?.forget(intents);
    throw e;
  }
  const journal = upcoming ? newId() : null;
  // room for the rollback, should the disk fill up mid-way: what the commits write, about (each
  // record twice with its audit intent, a record replaced twice more in its undo and intent,
  // keys and undo entries)
  const bytes = items.reduce((a, it) => a + (it.old ? 4 : 2) * it.size + 350, 0);
  const release = journal && col.reserve
    ? await col.reserve(Math.min(2 * bytes + (1 << 20), 512 << 20))
    : () => Promise.resolve();
  let done = 0;
  try {
    for (let n = 0; cur; n++) {
      const p: Part = cur;
      const ops: Op[] = [
        { kind: "check", key: col.verKey, versionstamp: ver },
        ...guards.map((g): Op => ({ kind: "check", ...g })),
        ...p.ops,
        ...[...p.ids].flatMap(([c, ids]) => c.changeOps(ids)),
      ];
      if (n === 0) ops.push(...names.map(unlocked));
      if (count && tally && p.delta) {
        count = { n: count.n + p.delta, versionstamp: count.versionstamp };
        ops.push(
          { kind: "check", key: tally.key, versionstamp: count.versionstamp },
          { kind: "set", key: tally.key, value: count.n },
        );
        // the tally's undo goes with the first commit that moves it
        if (tallyUndo) p.undo.unshift([tallyUndo]);
        tallyUndo = null;
      }
      if (journal) {
        const what = opts.what ?? `Impor data ${col.name}`;
        ops.push(...journalOps(names, journal, n, !upcoming, p.undo, what));
      }
      const committing = col.commit(ops, () => Promise.resolve(conflict(RACED_MESSAGE)));
      // a plan that fails fails once this commit is in (the rollback must see it)
      let after: Part | null = null, unplanned: unknown = null;
      try {
        after = upcoming ? next() : null;
      } catch (e) {
        unplanned = e;
      }
      const vs = await committing;
      if (unplanned) throw unplanned;
      // the counter moves with the commits writing the collection (not those of `also` only)
      if (p.ids.has(main)) ver = vs;
      if (count && p.delta) count = { n: count.n, versionstamp: vs };
      for (const [c, list] of p.docs) {
        c.applied(list.map((d) => [d._id, { value: d, versionstamp: vs }]), vs);
      }
      done += p.docs.get(main)?.length ?? 0;
      onCommit?.(done);
      [cur, upcoming] = [upcoming, after];
    }
  } catch (e) {
    await release();
    // none of its intents stays: rolled back (now, or by the next start), so none is moved
    currentOutbox()?.forget(intents);
    if (journal) await undoFailed(col, journal, done, also.map((a) => a.col));
    throw storageError(e);
  }
  await release();
  if (journal) await dropUndo(col.kv, journal).catch(() => {/* dropped at next open */});
  return done;
}

/** Rolls back a journaled write that failed (logged if that fails too); indexes reset. */
async function undoFailed<T extends Doc>(
  col: Collection<T>,
  journal: string,
  done: number,
  also: Collection<Doc>[],
) {
  // a first commit that failed took nothing (unless it committed and then threw)
  if (done === 0 && !(await col.kv.get([JOURNAL, journal])).versionstamp) return;
  try {
    await rollBack(col.kv, journal);
  } catch (r) {
    console.error(`Pembatalan impor ${journal} gagal; diulang saat start berikutnya.`, r);
  }
  col.reset();
  for (const c of also) c.reset();
}
