import { applyOps, Batcher, type Op, sizeOf } from "./batch.ts";
import { conflict } from "../errors.ts";
import { ulid } from "ulid";

/**
 * `[JOURNAL, id]`: a write spanning many commits is under way (set by its first commit, deleted
 * by its last: the commit point); still there at open, `recoverJournals` undoes it.
 */
export const JOURNAL = "_journal";
/** Undo entries: `[JOURNAL_UNDO, id, seq]` → `UndoItem[]`. */
export const JOURNAL_UNDO = "_journal_undo";

/**
 * `[LOCK, collection]`: held by a journaled write until its last commit or rollback; every
 * other write to the collection or naming its records as parents checks it absent, so a
 * rollback never undoes another user's change.
 */
export const LOCK = "_lock";

/** What a collection's lock holds: the journal holding it and what the staff are told. */
export interface LockValue {
  journal: string;
  /** e.g. 'Impor data pasien' (said as '... sedang berjalan'). */
  what: string;
}

/** The lock key of collection `name`. */
export const lockKey = (name: string): Deno.KvKey => [LOCK, name];

/** The check, for a commit, that no multi-commit write holds collection `name`. */
export const unlocked = (name: string): Op => ({
  kind: "check",
  key: lockKey(name),
  versionstamp: null,
});

/** The 409 of a refused commit whose checked lock is held, else null. */
export async function lockedError(kv: Deno.Kv, ops: Op[]): Promise<Error | null> {
  const keys = ops.filter((o) => o.kind === "check" && o.key[0] === LOCK).map((o) => o.key);
  for (let i = 0; i < keys.length; i += 10) {
    for (const e of await kv.getMany<LockValue[]>(keys.slice(i, i + 10))) {
      if (e.value) {
        return conflict(
          `${e.value.what} sedang berjalan; perubahan ini belum disimpan. ` +
            "Coba lagi setelah selesai.",
        );
      }
    }
  }
  return null;
}

/** A key and what it held before (`[key]` alone: it did not exist). */
export type UndoItem = [Deno.KvKey] | [Deno.KvKey, unknown];

/** What the journal head records. */
export interface JournalHead {
  /** Collections written (their counters are bumped by a rollback). */
  collections: string[];
  at: string;
}

/** Largest undo entry, well under KV's 64 KiB value limit. */
export const UNDO_BYTES = 48_000;

/** Splits undo items into entries of at most `UNDO_BYTES` each. */
export function undoChunks(items: UndoItem[]): UndoItem[][] {
  const out: UndoItem[][] = [[]];
  let bytes = 0;
  for (const it of items) {
    const n = sizeOf(it);
    if (bytes + n > UNDO_BYTES && out.at(-1)!.length) {
      out.push([]);
      bytes = 0;
    }
    out.at(-1)!.push(it);
    bytes += n;
  }
  return out.filter((c) => c.length);
}

/**
 * What commit `n` of a journaled write carries besides its records: the first sets the head and
 * the locks, each its undo entries, the last deletes the head and the locks.
 */
export function journalOps(
  names: string[],
  journal: string,
  n: number,
  last: boolean,
  undo: UndoItem[][],
  what: string,
): Op[] {
  const ops: Op[] = [];
  if (n === 0) {
    const head: JournalHead = { collections: names, at: new Date().toISOString() };
    ops.push({ kind: "set", key: [JOURNAL, journal], value: head });
    const lock: LockValue = { journal, what };
    for (const name of names) ops.push({ kind: "set", key: lockKey(name), value: lock });
  }
  for (const [k, items] of undo.entries()) {
    ops.push({ kind: "set", key: [JOURNAL_UNDO, journal, n, k], value: items });
  }
  if (last) {
    ops.push({ kind: "delete", key: [JOURNAL, journal] });
    for (const name of names) ops.push({ kind: "delete", key: lockKey(name) });
  }
  return ops;
}

/**
 * Undoes journal `id`, newest first, each undo entry deleted in the commit that applies it (so
 * a rollback cut off resumes); then bumps the counters, deletes the head and the locks.
 * Returns the keys restored.
 */
export async function rollBack(kv: Deno.Kv, id: string): Promise<number> {
  const head = (await kv.get<JournalHead>([JOURNAL, id])).value;
  const entries: { key: Deno.KvKey; items: UndoItem[] }[] = [];
  for await (const e of kv.list<UndoItem[]>({ prefix: [JOURNAL_UNDO, id] })) {
    entries.push({ key: e.key, items: e.value });
  }
  let restored = 0;
  const touched = new Map<string, Set<string>>();
  for (const entry of entries.reverse()) {
    const b = new Batcher();
    for (const [key, ...prior] of entry.items.toReversed()) {
      b.group([prior.length ? { kind: "set", key, value: prior[0] } : { kind: "delete", key }]);
      const [col, rec] = key;
      if (typeof col === "string" && typeof rec === "string") {
        if (!touched.has(col)) touched.set(col, new Set());
        touched.get(col)!.add(rec);
      }
    }
    const commits = b.commits;
    commits.at(-1)?.push({ kind: "delete", key: entry.key });
    for (const ops of commits.length ? commits : [[{ kind: "delete", key: entry.key } as Op]]) {
      await commitOrThrow(kv, ops);
    }
    restored += entry.items.length;
  }
  const fin: Op[] = [{ kind: "delete", key: [JOURNAL, id] }];
  for (const name of head?.collections ?? []) {
    fin.push({ kind: "sum", key: ["_meta", "ver", name], n: 1n });
    const lock = await kv.get<LockValue>(lockKey(name));
    if (lock.value?.journal === id) fin.push({ kind: "delete", key: lockKey(name) });
    const ids = [...touched.get(name) ?? []];
    for (let i = 0; i < ids.length; i += 2_000) {
      fin.push({
        kind: "set",
        key: ["_chg", name, ulid()],
        value: ids.slice(i, i + 2_000),
        expireIn: 6 * 3600_000,
      });
    }
  }
  for (let i = 0; i < fin.length; i += 200) await commitOrThrow(kv, fin.slice(i, i + 200));
  return restored;
}

async function commitOrThrow(kv: Deno.Kv, ops: Op[]): Promise<void> {
  const res = await applyOps(kv.atomic(), ops).commit();
  if (!res.ok) throw new Error("Pemulihan jurnal gagal: commit ditolak.");
}

/** Deletes the undo entries of a journal that committed (its head is gone). */
export async function dropUndo(kv: Deno.Kv, id: string): Promise<void> {
  let ops: Op[] = [];
  for await (const e of kv.list({ prefix: [JOURNAL_UNDO, id] }, { batchSize: 500 })) {
    ops.push({ kind: "delete", key: e.key });
    if (ops.length === 500) {
      await commitOrThrow(kv, ops);
      ops = [];
    }
  }
  if (ops.length) await commitOrThrow(kv, ops);
}

/**
 * At open, before any request: rolls back every write cut off (logged), drops undo entries of
 * committed writes and locks without a journal. Returns the journals rolled back.
 */
export async function recoverJournals(
  kv: Deno.Kv,
  log: (line: string) => void = console.log,
): Promise<string[]> {
  const open: string[] = [];
  for await (const e of kv.list<JournalHead>({ prefix: [JOURNAL] })) {
    const id = e.key[1] as string;
    const n = await rollBack(kv, id);
    log(
      `Impor yang terputus (${id}, ${e.value.collections.join(", ")}, mulai ${e.value.at}) ` +
        `dibatalkan saat start: ${n.toLocaleString("id-ID")} kunci dikembalikan.`,
    );
    open.push(id);
  }
  const stale = new Set<string>();
  for await (const e of kv.list({ prefix: [JOURNAL_UNDO] })) stale.add(e.key[1] as string);
  for (const id of stale) await dropUndo(kv, id);
  // a lock without its journal (never made by writeMany; say, a partial copy) would block for good
  for await (const e of kv.list<LockValue>({ prefix: [LOCK] })) {
    if (!(await kv.get([JOURNAL, e.value.journal])).versionstamp) await kv.delete(e.key);
  }
  return open;
}
