import { basename, join } from "node:path";
import { ulid } from "ulid";
import { nextTurn } from "../runtime/turn.ts";

/**
 * Index snapshots: a collection's in-memory index written beside a local data file, so a
 * restart reads one file per large collection instead of deserialising every record from KV.
 * A snapshot is only a cache: it is used when it was made from this data file, by the same
 * index declaration, and either at the collection's current write counter or recently enough
 * that the change log still covers what changed since (the index then replays it as it does
 * for another instance's writes). Anything else, or a file that does not read back whole, is
 * ignored and the collection loads from KV.
 */

/** One entry as a snapshot keeps it: id, versionstamp, kept record, search text, numbers. */
export type SnapEntry = [string, string, Record<string, unknown>, string, number[] | null];

/** What a snapshot says about itself (its first line). */
export interface SnapHead {
  format: 1;
  /** The collection. */
  name: string;
  /** The index declaration it was made by (see `specSig`). */
  sig: string;
  /** The collection's write counter the entries are at (decimal). */
  count: string;
  /** When the index last synced with KV (epoch ms): the change log is replayed from there. */
  syncedAt: number;
  rows: number;
  /** Fields holding embedded records, written once each (the second line) and by number. */
  share: string[];
}

/** Folder of the snapshots of every local data file in `dataDir`. */
export const SNAPSHOT_DIR = "index-cache";

/** Entries per line of a snapshot file (each line one JSON array). */
const PER_LINE = 2_000;

/** A short signature of the parts of a declaration that shape an index. */
export function specSig(parts: unknown[]): string {
  const text = parts.map((p) => typeof p === "function" ? p.toString() : JSON.stringify(p ?? null))
    .join("\u0000");
  let h = 0x811c9dc5; // FNV-1a
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${h.toString(16)}-${text.length}`;
}

/** The snapshot file of collection `name` of the data file `live`. */
export function snapshotPath(dir: string, live: string, name: string): string {
  return join(dir, `${basename(live)}.${encodeURIComponent(name)}.snap`);
}

/**
 * The snapshot as lines of text, from entries taken from the index in one synchronous step (so
 * entries, counter and sync time agree; records are never changed in place, a write replaces
 * them, so the entries keep that moment). Each line is made in its own turn of the event loop,
 * so requests are answered between them. The embedded records of `head.share` fields are
 * written once (second line) and referred to by number.
 */
export async function snapshotLines(head: SnapHead, entries: SnapEntry[]): Promise<string[]> {
  const shared: unknown[] = [];
  const numbers = new Map<unknown, number>();
  const lines = [JSON.stringify(head), ""];
  for (let i = 0; i < entries.length; i += PER_LINE) {
    const part = entries.slice(i, i + PER_LINE).map(([id, vs, value, all, nums]): SnapEntry => {
      if (!head.share.length) return [id, vs, value, all, nums];
      const v = { ...value };
      for (const f of head.share) {
        const o = v[f];
        if (!o || typeof o !== "object") continue;
        let n = numbers.get(o);
        if (n === undefined) {
          numbers.set(o, n = shared.length);
          shared.push(o);
        }
        v[f] = n;
      }
      return [id, vs, v, all, nums];
    });
    lines.push(JSON.stringify(part));
    await nextTurn();
  }
  lines[1] = JSON.stringify(shared);
  return lines;
}

/** Writes a snapshot: a temporary file renamed over the old one (never half a file). */
export async function writeSnapshot(path: string, lines: string[]): Promise<void> {
  const tmp = `${path}.tmp-${ulid()}`;
  try {
    const file = await Deno.open(tmp, { write: true, create: true, mode: 0o600 });
    const enc = new TextEncoder();
    try {
      for (const line of lines) await file.write(enc.encode(line + "\n"));
    } finally {
      file.close();
    }
    await Deno.rename(tmp, path);
  } catch (e) {
    await Deno.remove(tmp).catch(() => {});
    throw e;
  }
}

/**
 * The lines of a text file, read in chunks: only one line (one batch of entries) is held as text
 * at a time, not the whole file and its split copy (read whole, a large snapshot grew the
 * process by several times its size, and the process kept that memory).
 */
async function* linesOf(path: string): AsyncGenerator<string> {
  using file = await Deno.open(path);
  const buf = new Uint8Array(4 << 20);
  const dec = new TextDecoder();
  let parts: string[] = [];
  for (let n = await file.read(buf); n !== null; n = await file.read(buf)) {
    const chunk = dec.decode(buf.subarray(0, n), { stream: true });
    let start = 0;
    for (let nl = chunk.indexOf("\n"); nl !== -1; nl = chunk.indexOf("\n", start)) {
      parts.push(chunk.slice(start, nl));
      yield parts.join("");
      parts = [];
      start = nl + 1;
    }
    if (start < chunk.length) parts.push(chunk.slice(start));
  }
  if (parts.length) yield parts.join("");
}

/** Reads a snapshot; null when there is none or it does not read back whole. */
export async function readSnapshot(
  path: string,
): Promise<{ head: SnapHead; entries: SnapEntry[] } | null> {
  const lines = linesOf(path);
  try {
    const first = await lines.next();
    if (first.done) return null;
    const head = JSON.parse(first.value) as SnapHead;
    if (head.format !== 1 || !Array.isArray(head.share)) return null;
    const second = await lines.next();
    if (second.done) return null;
    const shared = JSON.parse(second.value) as unknown[];
    const entries: SnapEntry[] = [];
    for (let r = await lines.next(); !r.done; r = await lines.next()) {
      if (!r.value) continue;
      await nextTurn(); // requests meanwhile
      for (const e of JSON.parse(r.value) as SnapEntry[]) {
        for (const f of head.share) {
          const n = e[2][f];
          if (typeof n === "number") e[2][f] = shared[n];
        }
        entries.push(e);
      }
    }
    return entries.length === head.rows ? { head, entries } : null;
  } catch {
    return null;
  } finally {
    await lines.return?.(undefined);
  }
}

/** Removes the snapshots of data files other than `live` (and temporary files left behind). */
export async function dropOtherSnapshots(dir: string, live: string): Promise<void> {
  const prefix = `${basename(live)}.`;
  try {
    for await (const e of Deno.readDir(dir)) {
      if (e.isFile && (!e.name.startsWith(prefix) || e.name.includes(".tmp-"))) {
        await Deno.remove(join(dir, e.name)).catch(() => {});
      }
    }
  } catch { /* no folder yet */ }
}
