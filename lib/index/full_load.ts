import type { Doc, Row } from "./doc.ts";
import { Interner } from "./intern.ts";
import { ulid } from "ulid";

/** Records a full load reads per KV call. */
const LOAD_BATCH = 500;

type Batch<T> = { got: Deno.KvEntry<T>[]; next: string | null };

/**
 * Reads every record under `[name]` in key order, `LOAD_BATCH` per KV call, handing each batch
 * to `put` after `between()` (the next batch is read while `put` indexes the last).
 */
export async function readEvery<T extends Doc>(
  kv: Deno.Kv,
  name: string,
  between: () => Promise<void>,
  put: (batch: Deno.KvEntry<T>[]) => void,
): Promise<void> {
  const read = async (cursor?: string): Promise<Batch<T>> => {
    const it = kv.list<T>({ prefix: [name] }, { limit: LOAD_BATCH, batchSize: LOAD_BATCH, cursor });
    const got: Deno.KvEntry<T>[] = [];
    for await (const e of it) got.push(e);
    return { got, next: got.length === LOAD_BATCH ? it.cursor : null };
  };
  let batch: Promise<Batch<T>> | null = read();
  try {
    while (batch) {
      const done: Batch<T> = await batch;
      batch = done.next ? read(done.next) : null;
      await between();
      put(done.got);
    }
  } finally {
    batch?.catch(() => {}); // a load that failed leaves the batch it was reading
  }
}

/**
 * A batch's values made again as `JSON.parse` makes them (as a restart reads its snapshot):
 * V8's deserialiser keeps most fields out of line and a string per value, `JSON.parse` lays
 * them in the object and shares short strings, so a first start holds as little as a restart.
 * Not for a slim index, which keeps a copy of its own of each record.
 */
export function compactValues<T>(batch: Deno.KvEntry<T>[]): T[] {
  return JSON.parse(JSON.stringify(batch.map((e) => e.value)));
}

/** A `readEvery` sink putting each batch into `index` (`compactValues` unless it is `slim`). */
export function filler<T extends Doc>(
  index: { put(id: string, row: Row<T>): void },
  slim: boolean,
): (batch: Deno.KvEntry<T>[]) => void {
  const intern = new Interner();
  return (batch) => {
    // a slim index keeps its own copy of each record: nothing to gain there
    const values = slim ? batch.map((e) => e.value) : compactValues(batch);
    for (let i = 0; i < batch.length; i++) {
      index.put(values[i]._id, {
        value: values[i],
        versionstamp: intern.text(batch[i].versionstamp),
      });
    }
  };
}

/**
 * The ids the change log `["_chg", name, ulid]` names since `since` (ms), less those in `own`;
 * each one read is noted in `own` at `now`, so it is replayed once.
 */
export async function changedIds(
  kv: Deno.Kv,
  name: string,
  since: number,
  own: Map<string, number>,
  now: number,
): Promise<string[]> {
  const ids = new Set<string>();
  const start = ["_chg", name, ulid(since)], end = ["_chg", name, "\uffff"];
  for await (const e of kv.list<string[]>({ start, end })) {
    const key = e.key[2] as string;
    if (own.has(key)) continue;
    for (const id of e.value) ids.add(id);
    own.set(key, now);
  }
  return [...ids];
}
