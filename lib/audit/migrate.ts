import { type Chain, CP, HEAD, type Head, readData, type Stored } from "./chain.ts";
import { addCounts, addIndex, type EntryFields, type TokenMemory } from "./entry_keys.ts";
import type { Point } from "./sign.ts";

/** `["audit_meta"]`: the layout version, and how far an older log's indexing has got. */
const META: Deno.KvKey = ["audit_meta"];
const VERSION = 2;
const SLICE = 20;

interface Meta {
  version: number;
  /** While an older log is indexed: the last entry done and its position. */
  next?: { id: string; count: number };
}

/** Indexes and checkpoints an older log at open (resumable), then signs its head as found. */
export async function migrate(
  c: Chain,
  tokens: TokenMemory,
  say: (line: string) => void,
): Promise<void> {
  const meta = (await c.kv.get<Meta>(META)).value;
  if (meta?.version === VERSION && !meta.next) return;
  const head = await c.kv.get<Head>(HEAD);
  if (!head.value) {
    await c.kv.set(META, { version: VERSION });
    return;
  }
  let next = meta?.next ?? { id: "", count: 0 };
  say(`jejak audit: mengindeks ${head.value.count} entri dari versi sebelumnya…`);
  for (;;) {
    const slice = await Array.fromAsync(c.kv.list<Stored>(
      { start: ["audit", next.id + "\0"], end: ["audit", "\uffff"] },
      { limit: SLICE, batchSize: SLICE },
    ));
    if (!slice.length) break;
    const entries: EntryFields[] = [];
    for (const e of slice) entries.push(JSON.parse(await readData(c.kv, e.key, e.value)));
    const ixs = await tokens.indexOf(entries);
    const op = c.kv.atomic();
    const counts = new Map();
    let count = next.count;
    slice.forEach((e, i) => {
      addIndex(op, String(e.key[1]), ixs[i], counts);
      count++;
      if (count % c.every === 0) {
        const cp: Point = { count, id: String(e.key[1]), hash: e.value.hash };
        op.set([CP, count], { ...cp, sig: c.signer.sign(cp) });
      }
    });
    addCounts(op, counts);
    next = { id: String(slice.at(-1)!.key[1]), count };
    op.set(META, { version: VERSION, next });
    if (!(await op.commit()).ok) throw new Error("Indeks jejak audit tidak tersimpan.");
  }
  // the head as found, signed: from here on a change to it shows
  const h = (await c.kv.get<Head>(HEAD)).value!;
  const point: Point = { count: h.count, id: h.id, hash: h.hash };
  await c.kv.atomic().set(HEAD, { ...h, sig: c.signer.sign(point) }).set(META, {
    version: VERSION,
  }).commit();
  say(`jejak audit: ${next.count} entri terindeks.`);
}
