import { applyOps, Batcher, type Op } from "../db/batch.ts";
import { conflict } from "../errors.ts";

/** Left out of a dump: the change log and sessions, the only entries that expire. */
const SKIP = new Set(["_chg", "session"]);

/** A store's entries as a dump holds them. */
export async function* dumpEntries(kv: Deno.Kv): AsyncGenerator<[Deno.KvKey, unknown]> {
  for await (const e of kv.list({ prefix: [] }, { batchSize: 500 })) {
    if (!SKIP.has(String(e.key[0]))) yield [e.key, e.value];
  }
}

/** Tags the values JSON cannot carry. */
export function encodeValue(v: unknown): unknown {
  if (typeof v === "bigint") return { $bigint: String(v) };
  if (v instanceof Deno.KvU64) return { $u64: String(v.value) };
  if (v instanceof Uint8Array) return { $bytes: btoa(String.fromCharCode(...v)) };
  if (v instanceof Date) return { $date: v.toISOString() };
  if (Array.isArray(v)) return v.map(encodeValue);
  if (v && typeof v === "object") {
    if (Object.getPrototypeOf(v) !== Object.prototype) {
      throw new Error(`Nilai bertipe ${v.constructor?.name} tidak bisa dicadangkan.`);
    }
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, encodeValue(x)]));
  }
  return v;
}

/** Reverses `encodeValue`. */
export function decodeValue(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(decodeValue);
  if (!v || typeof v !== "object") return v;
  const o = v as Record<string, unknown>;
  if (typeof o.$bigint === "string") return BigInt(o.$bigint);
  if (typeof o.$u64 === "string") return new Deno.KvU64(BigInt(o.$u64));
  if (typeof o.$bytes === "string") return Uint8Array.from(atob(o.$bytes), (c) => c.charCodeAt(0));
  if (typeof o.$date === "string") return new Date(o.$date);
  return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, decodeValue(x)]));
}

/** Every collection's write counter with its versionstamp: equal strings mean no commit between. */
export async function counters(kv: Deno.Kv, skip: string[] = []): Promise<string> {
  const out: string[] = [];
  for await (const e of kv.list({ prefix: ["_meta", "ver"] })) {
    if (skip.includes(String(e.key[2]))) continue;
    out.push(`${String(e.key[2])}@${e.versionstamp}`);
  }
  return out.join(",");
}

/** Writes every entry as a JSON line; accepted once no write counter moved meanwhile, else 409. */
export async function exportLines(
  kv: Deno.Kv,
  open: () => Promise<{ write: (line: string) => Promise<void>; close: () => Promise<void> }>,
): Promise<number> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const before = await counters(kv);
    const sink = await open();
    let n = 0;
    for await (const [key, value] of dumpEntries(kv)) {
      await sink.write(JSON.stringify([encodeValue(key), encodeValue(value)]) + "\n");
      n++;
    }
    await sink.close();
    if (await counters(kv) === before) return n;
  }
  throw conflict("Data terus berubah selama pencadangan; coba lagi saat server lebih sepi.");
}

/** Writes entries (decoded `[key, value]` pairs) into `kv` in commits within KV limits. */
export async function importEntries(
  kv: Deno.Kv,
  entries: AsyncIterable<[Deno.KvKey, unknown]>,
): Promise<number> {
  let b = new Batcher();
  let n = 0;
  const flush = async () => {
    for (const ops of b.commits) {
      if (ops.length && !(await applyOps(kv.atomic(), ops).commit()).ok) {
        throw new Error("Gagal menulis data cadangan.");
      }
    }
    b = new Batcher();
  };
  for await (const [key, value] of entries) {
    b.group([{ kind: "set", key, value } as Op]);
    if (++n % 5000 === 0) await flush();
  }
  await flush();
  return n;
}

/** The entries of a JSON-lines dump file. */
export async function* readLines(path: string): AsyncGenerator<[Deno.KvKey, unknown]> {
  const f = await Deno.open(path, { read: true });
  let rest = "";
  for await (const chunk of f.readable.pipeThrough(new TextDecoderStream())) {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop()!;
    for (const l of lines) if (l) yield decodeValue(JSON.parse(l)) as [Deno.KvKey, unknown];
  }
  if (rest) yield decodeValue(JSON.parse(rest)) as [Deno.KvKey, unknown];
}
