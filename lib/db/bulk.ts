import { Batcher, type Op, sizeOf } from "./batch.ts";
import {
  dropUndo,
  JOURNAL,
  JOURNAL_UNDO,
  type JournalHead,
  rollBack,
  UNDO_BYTES,
  undoChunks,
  type UndoItem,
} from "./journal.ts";
import { conflict, storageError } from "../errors.ts";
import { newId } from "./ids.ts";
import type { Doc } from "./doc.ts";
import type { Collection } from "./collection.ts";

/**
 * Writes many records (new ones or replacements of rows read from the index) in commits
 * within KV limits. Each commit checks that nobody else wrote the collection since the
 * caller validated against the index, so uniqueness holds without a check per key.
 * More than one commit is all-or-nothing: each commit carries the undo of its keys under a
 * journal (`lib/db/journal.ts`) whose head the last commit deletes; a failure rolls back
 * what was written (and a crash is rolled back at the next open). A full disk answers 507.
 * Returns the number of records written.
 */
export async function writeMany<T extends Doc>(
  col: Collection<T>,
  docs: T[],
  onCommit?: (done: number) => void,
): Promise<number> {
  const index = await col.index();
  index.willWrite(docs.length);
  // the undo and the unique keys need the whole records replaced (a slim index keeps part)
  const held = docs.flatMap((d) => index.get(d._id) ?? []);
  const olds = new Map((await col.full(held, true)).map((r) => [r.value._id, r.value]));
  const b = new Batcher({ mutations: 8, checks: 1, bytes: 40_000 }, 2 * UNDO_BYTES);
  const undo: UndoItem[][] = [];
  const sim = new Map<string, UndoItem>(); // unique keys as this plan leaves them
  const simKey = (key: Deno.KvKey) => `${String(key[0])}\u0000${String(key[1])}`;
  const priorOf = (key: Deno.KvKey, fallback: UndoItem): UndoItem =>
    sim.get(simKey(key)) ?? fallback;
  for (const doc of docs) {
    const old = olds.get(doc._id);
    const ops: Op[] = [
      ...col.uniqueOps(doc._id, doc, old).filter((o) => o.kind !== "check"),
      { kind: "set", key: col.key(doc._id), value: doc },
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
    b.group(ops, sizeOf(items));
    undo.push(items);
  }
  const plan: { ops: Op[]; ids: string[]; docs: T[]; undo: UndoItem[] }[] = [];
  let i = 0;
  for (const ops of b.commits) {
    const n = ops.filter((o) => o.kind === "set" && o.key[0] === col.name).length;
    plan.push({
      ops,
      ids: docs.slice(i, i + n).map((d) => d._id),
      docs: docs.slice(i, i + n),
      undo: undo.slice(i, i + n).flat(),
    });
    i += n;
  }
  const journal = plan.length > 1 ? newId() : null;
  // room for the rollback, should the disk fill up mid-way
  const release = journal && col.reserve
    ? await col.reserve(Math.min(2 * b.totalBytes + (1 << 20), 512 << 20))
    : () => Promise.resolve();
  let ver = (await col.kv.get(col.verKey)).versionstamp;
  let done = 0;
  try {
    for (const [n, p] of plan.entries()) {
      const ops: Op[] = [
        { kind: "check", key: col.verKey, versionstamp: ver },
        ...p.ops,
        ...col.changeOps(p.ids),
      ];
      if (journal) {
        if (n === 0) {
          const head: JournalHead = { collections: [col.name], at: new Date().toISOString() };
          ops.push({ kind: "set", key: [JOURNAL, journal], value: head });
        }
        for (const [k, items] of undoChunks(p.undo).entries()) {
          ops.push({ kind: "set", key: [JOURNAL_UNDO, journal, n, k], value: items });
        }
        if (n === plan.length - 1) ops.push({ kind: "delete", key: [JOURNAL, journal] });
      }
      ver = await col.commit(ops, () =>
        Promise.resolve(conflict(
          "Data berubah oleh pengguna lain selama impor; impor dibatalkan, tidak ada data " +
            "yang disimpan. Ulangi impor.",
        )));
      col.applied(p.docs.map((d) => [d._id, { value: d, versionstamp: ver! }]), ver!);
      done += p.docs.length;
      onCommit?.(done);
    }
  } catch (e) {
    await release();
    if (journal && done > 0) {
      try {
        await rollBack(col.kv, journal);
      } catch (r) {
        console.error(`Pembatalan impor ${journal} gagal; diulang saat start berikutnya.`, r);
      }
      col.reset();
    }
    throw storageError(e);
  }
  await release();
  if (journal) await dropUndo(col.kv, journal).catch(() => {/* dropped at next open */});
  return done;
}
