/** The commits a `writeMany` (bulk.ts) makes, planned one at a time. */
import { bulkCountOps } from "./subset.ts";
import { Batcher, type Op, sizeOf } from "./batch.ts";
import { UNDO_BYTES, undoChunks, type UndoItem } from "./journal.ts";
import { type Change, OUTBOX, packedIntentOps, PACKS_PER_COMMIT } from "./outbox.ts";
import { tallyDelta } from "./tally.ts";
import type { Doc, Row } from "../index/doc.ts";
import type { Collection } from "./collection.ts";

/**
 * Records of another collection (keeping no tally) a `writeMany` writes in its commits: each
 * replaces the record `read`, checked unchanged, its unique keys checked free.
 */
export interface AlsoWrite {
  // deno-lint-ignore no-explicit-any
  col: Collection<any>;
  writes: { doc: Doc; read: Row<Doc> }[];
}

/** One record a `writeMany` writes: its collection, the record it replaces, its own check. */
export interface Item {
  col: Collection<Doc>;
  doc: Doc;
  old: Doc | undefined;
  /** The versionstamp the record was read at, checked in its commit (`also` records). */
  read?: string;
  size: number;
  /** Its change of its collection's tally. */
  delta: number;
}

/** One commit of a `writeMany`: its ops, the records it writes, their undo and tally change. */
export interface Part {
  ops: Op[];
  /** Its audit intents' keys. */
  intents: Deno.KvKey[];
  /** The ids and records written, by collection. */
  ids: Map<Collection<Doc>, string[]>;
  docs: Map<Collection<Doc>, Doc[]>;
  /** Its undo entries' items (see `undoChunks`). */
  undo: UndoItem[][];
  delta: number;
}

/** The records a `writeMany` writes: `docs` over `olds`, then the `also` writes. */
export function itemsOf(
  main: Collection<Doc>,
  docs: Doc[],
  olds: Map<string, Doc>,
  also: AlsoWrite[],
): Item[] {
  if (also.some((a) => a.col.spec.tally)) throw new Error("writeMany: also with a tally");
  const item = (col: Collection<Doc>, doc: Doc, old: Doc | undefined, read?: string): Item => ({
    col,
    doc,
    old,
    read,
    size: sizeOf(doc),
    delta: tallyDelta(col.spec, doc, old),
  });
  return [
    ...docs.map((doc) => item(main, doc, olds.get(doc._id))),
    ...also.flatMap((a) =>
      a.writes.map((w) => item(a.col, w.doc, w.read.value, w.read.versionstamp))
    ),
  ];
}

/** Takes `parts` one at a time, keeping the audit intents' keys of every part taken. */
export function planAhead(
  parts: Generator<Part>,
): { next: () => Part | null; intents: Deno.KvKey[] } {
  const intents: Deno.KvKey[] = [];
  const next = () => {
    const r = parts.next();
    if (r.done) return null;
    intents.push(...r.value.intents);
    return r.value;
  };
  return { next, intents };
}

/**
 * The commits of a `writeMany`, one at a time, within KV limits (room for `guardCount` more
 * checks), each with the undo of its keys as the write's earlier commits leave them. The main
 * collection's unique keys are vouched for by its counter; an `also` record checks its own.
 */
export function* planCommits(items: Item[], guardCount: number): Generator<Part> {
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
  const records = new Set(items.map((it) => it.col.name));
  let i = 0;
  /** The commit of the records from `i` on that `ops` write. */
  const part = (ops: Op[]): Part => {
    const n = ops.filter((o) => o.kind === "set" && records.has(String(o.key[0]))).length;
    const mine = items.slice(i, i + n);
    const intents = packedIntentOps(changes.slice(i, i + n), changeBytes.slice(i, i + n));
    const ids = new Map<Collection<Doc>, string[]>();
    const docs = new Map<Collection<Doc>, Doc[]>();
    const added = new Map<Collection<Doc>, number>();
    for (const it of mine) {
      // pushed, not copied: a commit holds hundreds of records
      if (!docs.has(it.col)) {
        ids.set(it.col, []);
        docs.set(it.col, []);
      }
      ids.get(it.col)!.push(it.doc._id);
      docs.get(it.col)!.push(it.doc);
      added.set(it.col, (added.get(it.col) ?? 0) + (it.old ? 0 : 1));
    }
    const counted = [...docs].flatMap(([c, list]) => bulkCountOps(c.spec, added.get(c)!, list));
    const p: Part = {
      ops: [...ops, ...intents, ...counted],
      intents: intents.flatMap((o) => o.kind === "set" && o.key[0] === OUTBOX ? [o.key] : []),
      ids,
      docs,
      undo: undoChunks([
        ...undo.slice(i, i + n).flat(),
        ...intents.flatMap((o): UndoItem[] => o.kind === "set" ? [[o.key]] : []),
      ]),
      delta: mine.reduce((a, it) => a + it.delta, 0),
    };
    i += n;
    return p;
  };
  for (const { col, doc, old, read, size } of items) {
    const unique = col.uniqueOps(doc._id, doc, old);
    const ops: Op[] = [
      ...(read ? [{ kind: "check", key: col.key(doc._id), versionstamp: read } as Op] : []),
      ...(read ? unique : unique.filter((o) => o.kind !== "check")),
      { kind: "set", key: col.key(doc._id), value: doc, size },
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
    changeBytes.push(size + (old ? undoBytes : 4) + 100 + col.name.length + doc._id.length);
    b.group(ops, undoBytes, changeBytes.at(-1));
    undo.push(items);
    for (const ops of b.take()) yield part(ops);
  }
  for (const ops of b.take(true)) yield part(ops);
}
