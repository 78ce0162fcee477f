import { bulkCountOps } from "./subset.ts";
import { Batcher, type Op, sizeOf } from "./batch.ts";
import {
  dropUndo,
  JOURNAL,
  journalOps,
  rollBack,
  UNDO_BYTES,
  type UndoItem,
  unlocked,
} from "./journal.ts";
import { conflict, storageError } from "../errors.ts";
import { newId } from "./ids.ts";
import { tallyNow } from "./tally.ts";
import { type Change, packedIntentOps, PACKS_PER_COMMIT } from "./outbox.ts";
import type { Doc } from "../index/doc.ts";
import type { Check, Collection } from "./collection.ts";
import type { Row } from "../index/doc.ts";

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
  /** Records of other collections written with these, all or nothing (see `AlsoWrite`). */
  also?: AlsoWrite[];
}

/**
 * Records of another collection a `writeMany` writes in its commits, under its journal and
 * lock (an import that completes the records it matched): each replaces the whole record `read`
 * (checked unchanged in its commit, so no counter is needed) with its unique keys checked free.
 * The collection may keep no tally.
 */
export interface AlsoWrite {
  // deno-lint-ignore no-explicit-any
  col: Collection<any>;
  writes: { doc: Doc; read: Row<Doc> }[];
}

/** One record a `writeMany` writes: its collection, the record it replaces, its own check. */
interface Item {
  col: Collection<Doc>;
  doc: Doc;
  old: Doc | undefined;
  /** The versionstamp the record was read at, checked in its commit (`also` records). */
  read?: string;
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
  const { onCommit, guards = [], also = [] } = opts;
  let ver = opts.since !== undefined ? opts.since : (await col.kv.get(col.verKey)).versionstamp;
  const index = await col.index(true);
  index.willWrite(docs.length);
  // the undo and the unique keys need the whole records replaced (a slim index keeps part)
  const held = docs.flatMap((d) => index.get(d._id) ?? []);
  const olds = new Map((await col.full(held, true)).map((r) => [r.value._id, r.value]));
  const main = col as unknown as Collection<Doc>;
  const items: Item[] = [
    ...docs.map((doc) => ({ col: main, doc, old: olds.get(doc._id) })),
    ...also.flatMap((a) =>
      a.writes.map((w) => ({
        col: a.col,
        doc: w.doc,
        old: w.read.value,
        read: w.read.versionstamp,
      }))
    ),
  ];
  if (also.some((a) => a.col.spec.tally)) throw new Error("writeMany: also with a tally");
  const names = [...new Set([col.name, ...also.map((a) => a.col.name)])];
  const { plan, bytes } = planCommits(items, guards.length);
  const tally = col.spec.tally;
  // the tally as the whole write leaves it must keep its minimum (checked again as it commits)
  let count = tally && plan.some((p) => p.delta) ? await tallyNow(col, ver) : null;
  if (count && tally) {
    const total = plan.reduce((a, p) => a + p.delta, 0);
    if (count.n + total < tally.min) throw conflict(tally.message);
    const first = plan.find((p) => p.delta)!;
    first.undo.unshift(count.versionstamp ? [tally.key, count.n] : [tally.key]);
  }
  const journal = plan.length > 1 ? newId() : null;
  // room for the rollback, should the disk fill up mid-way
  const release = journal && col.reserve
    ? await col.reserve(Math.min(2 * bytes + (1 << 20), 512 << 20))
    : () => Promise.resolve();
  let done = 0;
  try {
    for (const [n, p] of plan.entries()) {
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
      }
      if (journal) {
        const what = opts.what ?? `Impor data ${col.name}`;
        ops.push(...journalOps(names, journal, n, n === plan.length - 1, p.undo, what));
      }
      const vs = await col.commit(ops, () => Promise.resolve(conflict(RACED_MESSAGE)));
      // the counter moves with the commits writing the collection (not those of `also` only)
      if (p.ids.has(main)) ver = vs;
      if (count && p.delta) count = { n: count.n, versionstamp: vs };
      for (const [c, list] of p.docs) {
        c.applied(list.map((d) => [d._id, { value: d, versionstamp: vs }]), vs);
      }
      done += p.docs.get(main)?.length ?? 0;
      onCommit?.(done);
    }
  } catch (e) {
    await release();
    if (journal) await undoFailed(col, journal, done, also.map((a) => a.col));
    throw storageError(e);
  }
  await release();
  if (journal) await dropUndo(col.kv, journal).catch(() => {/* dropped at next open */});
  return done;
}

/** One commit of a `writeMany`: its ops, the records it writes, their undo and tally change. */
interface Part {
  ops: Op[];
  /** The ids and records written, by collection. */
  ids: Map<Collection<Doc>, string[]>;
  docs: Map<Collection<Doc>, Doc[]>;
  undo: UndoItem[];
  delta: number;
}

/**
 * The commits of a `writeMany`: each record's set and unique-key ops, grouped within KV limits
 * (with room for `guardCount` more checks), each with the undo of the keys it touches (what
 * they held before this write, as the write's own earlier commits leave them) and its change of
 * the collection's tally. The first collection's unique keys are vouched for by its counter;
 * an `also` record carries the check of the version it was read at and of its unique keys.
 * `bytes`: their size, for the ballast a rollback needs.
 */
function planCommits(items: Item[], guardCount: number): { plan: Part[]; bytes: number } {
  // room for the commit's packed audit intents (their bytes are counted with each record)
  const b = new Batcher(
    { mutations: 10 + PACKS_PER_COMMIT, checks: 3 + guardCount, bytes: 40_000 },
    2 * UNDO_BYTES,
  );
  const changes: Change[] = [];
  const changeBytes: number[] = [];
  const deltas: number[] = [];
  const undo: UndoItem[][] = [];
  const sim = new Map<string, UndoItem>(); // unique keys as this plan leaves them
  const simKey = (key: Deno.KvKey) => `${String(key[0])}\u0000${String(key[1])}`;
  const priorOf = (key: Deno.KvKey, fallback: UndoItem): UndoItem =>
    sim.get(simKey(key)) ?? fallback;
  for (const { col, doc, old, read } of items) {
    const docBytes = sizeOf(doc);
    const unique = col.uniqueOps(doc._id, doc, old);
    const ops: Op[] = [
      ...(read ? [{ kind: "check", key: col.key(doc._id), versionstamp: read } as Op] : []),
      ...(read ? unique : unique.filter((o) => o.kind !== "check")),
      { kind: "set", key: col.key(doc._id), value: doc, size: docBytes },
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
      items.push(priorOf(op.key, fallback));
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
    changeBytes.push(docBytes + (old ? undoBytes : 4) + 100 + col.name.length + doc._id.length);
    b.group(ops, undoBytes, changeBytes.at(-1));
    undo.push(items);
    const tally = col.spec.tally;
    deltas.push(tally ? tally.of(doc) - (old ? tally.of(old) : 0) : 0);
  }
  const plan: Part[] = [];
  const records = new Set(items.map((it) => it.col.name));
  let i = 0;
  for (const ops of b.commits) {
    const n = ops.filter((o) => o.kind === "set" && records.has(String(o.key[0]))).length;
    const mine = items.slice(i, i + n);
    const intents = packedIntentOps(changes.slice(i, i + n), changeBytes.slice(i, i + n));
    const ids = new Map<Collection<Doc>, string[]>();
    const docs = new Map<Collection<Doc>, Doc[]>();
    const added = new Map<Collection<Doc>, number>();
    for (const it of mine) {
      ids.set(it.col, [...ids.get(it.col) ?? [], it.doc._id]);
      docs.set(it.col, [...docs.get(it.col) ?? [], it.doc]);
      added.set(it.col, (added.get(it.col) ?? 0) + (it.old ? 0 : 1));
    }
    const counted = [...docs].flatMap(([c, list]) => bulkCountOps(c.spec, added.get(c)!, list));
    plan.push({
      ops: [...ops, ...intents, ...counted],
      ids,
      docs,
      undo: [
        ...undo.slice(i, i + n).flat(),
        ...intents.flatMap((o): UndoItem[] => o.kind === "set" ? [[o.key]] : []),
      ],
      delta: deltas.slice(i, i + n).reduce((a, d) => a + d, 0),
    });
    i += n;
  }
  return { plan, bytes: b.totalBytes };
}

/**
 * Rolls back a journaled write that failed after `done` records (logged if that fails too);
 * the indexes of `col` and of the `also` collections start again.
 */
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
