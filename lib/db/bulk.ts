import { bulkCountOps } from "./subset.ts";
import { Batcher, type Op, sizeOf } from "./batch.ts";
import {
  dropUndo,
  JOURNAL,
  JOURNAL_UNDO,
  type JournalHead,
  lockKey,
  type LockValue,
  rollBack,
  UNDO_BYTES,
  undoChunks,
  type UndoItem,
  unlocked,
} from "./journal.ts";
import { conflict, storageError } from "../errors.ts";
import { newId } from "./ids.ts";
import { tallyDelta, tallyNow } from "./tally.ts";
import { type Change, currentOutbox, OUTBOX, packedIntentOps, PACKS_PER_COMMIT } from "./outbox.ts";
import type { Doc } from "../index/doc.ts";
import type { Check, Collection } from "./collection.ts";

/** The 409 of a `writeMany` that found the collection written by someone else. */
export const RACED_MESSAGE =
  "Data berubah oleh pengguna lain selama impor; impor dibatalkan, tidak ada data " +
  "yang disimpan. Ulangi impor.";

/** How a `writeMany` is checked and named. */
export interface WriteManyOptions {
  /** Called after each commit with the records written so far. */
  onCommit?: (done: number) => void;
  /**
   * The collection counter's versionstamp the caller validated at (read before its index):
   * the first commit fails if anyone wrote since. Default: read when the write starts.
   */
  since?: string | null;
  /** More checks every commit carries (e.g. the parents' counters an import matched rows to). */
  guards?: Check[];
  /** What the staff are told runs while it holds the collection (default 'Impor data {name}'). */
  what?: string;
}

/**
 * Writes many records (new ones or replacements of rows read from the index) in commits
 * within KV limits. Each commit checks that nobody else wrote the collection since the
 * caller validated against the index (`since`), so uniqueness holds without a check per key.
 * More than one commit is all-or-nothing: each commit carries the undo of its keys under a
 * journal (`lib/db/journal.ts`) whose head the last commit deletes, and the first takes the
 * collection's lock (`LOCK`) the last lets go, so other writes wait with a 409 meanwhile; a
 * failure rolls back what was written (and a crash is rolled back at the next open). A full
 * disk answers 507. The collection's tally (`CollectionSpec.tally`) moves with the commits.
 * Returns the number of records written.
 */
export async function writeMany<T extends Doc>(
  col: Collection<T>,
  docs: T[],
  opts: WriteManyOptions = {},
): Promise<number> {
  const { onCommit, guards = [] } = opts;
  let ver = opts.since !== undefined ? opts.since : (await col.kv.get(col.verKey)).versionstamp;
  const index = await col.index(true);
  index.willWrite(docs.length);
  // the undo and the unique keys need the whole records replaced (a slim index keeps part)
  const held = docs.flatMap((d) => index.get(d._id) ?? []);
  const olds = new Map((await col.full(held, true)).map((r) => [r.value._id, r.value]));
  const tally = col.spec.tally;
  const deltas = docs.map((d) => tallyDelta(col.spec, d, olds.get(d._id)));
  // the tally as the whole write leaves it must keep its minimum (checked again as it commits)
  let count = tally && deltas.some((d) => d) ? await tallyNow(col, ver) : null;
  let tallyUndo: UndoItem | null = null;
  if (count && tally) {
    if (count.n + deltas.reduce((a, d) => a + d, 0) < tally.min) throw conflict(tally.message);
    tallyUndo = count.versionstamp ? [tally.key, count.n] : [tally.key];
  }
  // the commits are planned one ahead: the one after next while the last one commits
  const sizes = docs.map((d) => sizeOf(d));
  const parts = planCommits(col, docs, olds, deltas, sizes, guards.length);
  const intents: Deno.KvKey[] = [];
  const next = () => {
    const r = parts.next();
    if (!r.done) intents.push(...r.value.intents);
    return r.done ? null : r.value;
  };
  let cur: Part<T> | null = null, upcoming: Part<T> | null = null;
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
  const bytes = docs.reduce((a, d, i) => a + (olds.has(d._id) ? 4 : 2) * sizes[i] + 350, 0);
  const release = journal && col.reserve
    ? await col.reserve(Math.min(2 * bytes + (1 << 20), 512 << 20))
    : () => Promise.resolve();
  let done = 0;
  try {
    for (let n = 0; cur; n++) {
      const p: Part<T> = cur;
      const ops: Op[] = [
        { kind: "check", key: col.verKey, versionstamp: ver },
        ...guards.map((g): Op => ({ kind: "check", ...g })),
        ...p.ops,
        ...col.changeOps(p.ids),
      ];
      if (n === 0) ops.push(unlocked(col.name));
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
        ops.push(...journalOps(col.name, journal, n, !upcoming, p.undo, what));
      }
      const committing = col.commit(ops, () => Promise.resolve(conflict(RACED_MESSAGE)));
      // a plan that fails fails once this commit is in (the rollback must see it)
      let after: Part<T> | null = null, unplanned: unknown = null;
      try {
        after = upcoming ? next() : null;
      } catch (e) {
        unplanned = e;
      }
      ver = await committing;
      if (unplanned) throw unplanned;
      if (count && p.delta) count = { n: count.n, versionstamp: ver };
      col.applied(p.docs.map((d) => [d._id, { value: d, versionstamp: ver! }]), ver!);
      done += p.docs.length;
      onCommit?.(done);
      [cur, upcoming] = [upcoming, after];
    }
  } catch (e) {
    await release();
    // none of its intents stays: rolled back (now, or by the next start), so none is moved
    currentOutbox()?.forget(intents);
    if (journal) await undoFailed(col, journal, done);
    throw storageError(e);
  }
  await release();
  if (journal) await dropUndo(col.kv, journal).catch(() => {/* dropped at next open */});
  return done;
}

/** One commit of a `writeMany`: its ops, the records it writes, their undo and tally change. */
interface Part<T extends Doc> {
  ops: Op[];
  /** Its audit intents' keys. */
  intents: Deno.KvKey[];
  ids: string[];
  docs: T[];
  /** Its undo entries' items (see `undoChunks`). */
  undo: UndoItem[][];
  delta: number;
}

/**
 * The commits of a `writeMany`, one at a time: each record's set and unique-key ops, grouped
 * within KV limits (with room for `guardCount` more checks), each with the undo of the keys it
 * touches (what they held before this write, as the write's own earlier commits leave them) and
 * its change of the collection's tally (`deltas`, per record; `sizes`: their `sizeOf`).
 */
function* planCommits<T extends Doc>(
  col: Collection<T>,
  docs: T[],
  olds: Map<string, T>,
  deltas: number[],
  sizes: number[],
  guardCount: number,
): Generator<Part<T>> {
  // room for the commit's packed audit intents (their bytes are counted with each record)
  const b = new Batcher(
    { mutations: 10 + PACKS_PER_COMMIT, checks: 3 + guardCount, bytes: 40_000 },
    2 * UNDO_BYTES,
  );
  const changes: Change[] = [];
  const changeBytes: number[] = [];
  const undo: UndoItem[][] = [];
  const sim = new Map<string, UndoItem>(); // unique keys as this plan leaves them
  const simKey = (key: Deno.KvKey) => `${String(key[0])}\u0000${String(key[1])}`;
  const priorOf = (key: Deno.KvKey, fallback: UndoItem): UndoItem =>
    sim.get(simKey(key)) ?? fallback;
  let i = 0;
  /** The commit of the records from `i` on that `ops` write. */
  const part = (ops: Op[]): Part<T> => {
    const n = ops.filter((o) => o.kind === "set" && o.key[0] === col.name).length;
    const intents = packedIntentOps(changes.slice(i, i + n), changeBytes.slice(i, i + n));
    const mine = docs.slice(i, i + n);
    const added = mine.filter((d) => !olds.has(d._id)).length;
    const p = {
      ops: [...ops, ...intents, ...bulkCountOps(col.spec, added, mine)],
      intents: intents.flatMap((o) => o.kind === "set" && o.key[0] === OUTBOX ? [o.key] : []),
      ids: mine.map((d) => d._id),
      docs: mine,
      undo: undoChunks([
        ...undo.slice(i, i + n).flat(),
        ...intents.flatMap((o): UndoItem[] => o.kind === "set" ? [[o.key]] : []),
      ]),
      delta: deltas.slice(i, i + n).reduce((a, d) => a + d, 0),
    };
    i += n;
    return p;
  };
  for (const [k, doc] of docs.entries()) {
    const old = olds.get(doc._id);
    const ops: Op[] = [
      ...col.uniqueOps(doc._id, doc, old).filter((o) => o.kind !== "check"),
      { kind: "set", key: col.key(doc._id), value: doc, size: sizes[k] },
    ];
    const items: UndoItem[] = [];
    for (const op of ops) {
      if (op.kind !== "set" && op.kind !== "delete") continue;
      const unique = op.key[0] !== col.name;
      const fallback: UndoItem = !unique
        ? (old ? [op.key, old] : [op.key])
        : op.kind === "delete"
        ? [op.key, doc._id]
        : [op.key];
      // only unique keys are simulated: a record's own key is written once
      items.push(unique ? priorOf(op.key, fallback) : fallback);
      if (unique) {
        sim.set(
          simKey(op.key),
          op.kind === "set" ? [op.key, (op as { value: unknown }).value] : [op.key],
        );
      }
    }
    // its audit intent goes with its commit's (packedIntentOps), undone with it by a rollback
    changes.push({ entity: col.name, entityId: doc._id, before: old ?? null, after: doc });
    // measured once: the record, and the record replaced (within its undo's bytes)
    const undoBytes = sizeOf(items);
    changeBytes.push(sizes[k] + (old ? undoBytes : 4) + 100 + col.name.length + doc._id.length);
    b.group(ops, undoBytes, changeBytes.at(-1));
    undo.push(items);
    for (const ops of b.take()) yield part(ops);
  }
  for (const ops of b.take(true)) yield part(ops);
}

/**
 * What commit `n` of a journaled write carries besides its records: the first sets the
 * journal's head and the collection's lock, each its undo entries, the last deletes both.
 */
function journalOps(
  name: string,
  journal: string,
  n: number,
  last: boolean,
  undo: UndoItem[][],
  what: string,
): Op[] {
  const ops: Op[] = [];
  if (n === 0) {
    const head: JournalHead = { collections: [name], at: new Date().toISOString() };
    ops.push({ kind: "set", key: [JOURNAL, journal], value: head });
    const lock: LockValue = { journal, what };
    ops.push({ kind: "set", key: lockKey(name), value: lock });
  }
  for (const [k, items] of undo.entries()) {
    ops.push({ kind: "set", key: [JOURNAL_UNDO, journal, n, k], value: items });
  }
  if (last) {
    ops.push({ kind: "delete", key: [JOURNAL, journal] });
    ops.push({ kind: "delete", key: lockKey(name) });
  }
  return ops;
}

/** Rolls back a journaled write that failed after `done` records (logged if that fails too). */
async function undoFailed<T extends Doc>(col: Collection<T>, journal: string, done: number) {
  // a first commit that failed took nothing (unless it committed and then threw)
  if (done === 0 && !(await col.kv.get([JOURNAL, journal])).versionstamp) return;
  try {
    await rollBack(col.kv, journal);
  } catch (r) {
    console.error(`Pembatalan impor ${journal} gagal; diulang saat start berikutnya.`, r);
  }
  col.reset();
}
