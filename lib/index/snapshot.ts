import { basename, join } from "node:path";
import { ulid } from "ulid";
import { nextTurn } from "../runtime/turn.ts";
import type { OrderBy } from "./doc.ts";
import { type BlockEntry, SNAP_BLOCK, textsSection } from "./lazy.ts";

/**
 * Index snapshots: a collection's in-memory index written beside a local data file, so a
 * restart reads one file instead of every record. Only a cache: used when made from this file,
 * by the same declaration, at the current write counter or recently enough that the change log
 * covers what changed since; anything else is ignored and the collection loads from KV.
 */

/** One entry as an index dumps it: id, versionstamp, kept record, search text, numbers. */
export type SnapEntry = [string, string, Record<string, unknown>, string, number[] | null];

/** A cached ordering as a snapshot keeps it: its entries as positions in the dump. */
export interface SnapView {
  order: OrderBy[];
  where?: [string, string];
  ranks: Int32Array;
}

/** What an index dumps for its snapshot, taken in one synchronous step. */
export interface SnapDump {
  entries: SnapEntry[];
  views: SnapView[];
}

/** What a snapshot says about itself (its first line). */
export interface SnapHead {
  format: 3;
  /** The collection. */
  name: string;
  /** The index declaration it was made by (see `specSig`). */
  sig: string;
  /** The collection's write counter the entries are at (decimal). */
  count: string;
  /** When the index last synced with KV (epoch ms): the change log is replayed from there. */
  syncedAt: number;
  rows: number;
  /** Fields holding embedded records, written once per block and referred to by number. */
  share: string[];
  /** Entries per block. */
  block: number;
  /** The cached orderings, their ranks in the ranks section in this order. */
  views: { order: OrderBy[]; where?: [string, string]; n: number }[];
  /** Whether the ranks are little-endian (written as the machine lays out an `Int32Array`). */
  le: boolean;
  /** Byte lengths of the sections after this line: ids, ranks, search texts, then each block. */
  sizes: number[];
}

/** What a snapshot's writer gives of its head (the rest is made from the dump). */
export type SnapMeta = Omit<SnapHead, "format" | "block" | "views" | "le" | "sizes">;

/** A snapshot read back: its search texts (one section) and blocks, parsed when first needed. */
export interface Snapshot {
  head: SnapHead;
  ids: string[];
  views: SnapView[];
  texts: SnapBlocks;
  blocks: SnapBlocks;
}

/** Folder of the snapshots of every local data file in `dataDir`. */
export const SNAPSHOT_DIR = "index-cache";

const encoder = new TextEncoder();

/** This machine's byte order. */
const LE = new Uint8Array(new Int32Array([1]).buffer)[0] === 1;

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
 * The snapshot's bytes, in parts: head line, ids, orderings' ranks, search texts, then the
 * entries in blocks of `SNAP_BLOCK` (each a JSON array: the `share` records once, then the
 * entries referring to them). The dump was taken in one synchronous step; the blocks are made a
 * few per turn of the event loop.
 */
export async function snapshotParts(meta: SnapMeta, dump: SnapDump): Promise<Uint8Array[]> {
  const blocks: Uint8Array[] = [];
  const { entries, views } = dump;
  let t0 = performance.now();
  for (let i = 0; i < entries.length; i += SNAP_BLOCK) {
    blocks.push(encodeBlock(entries.slice(i, i + SNAP_BLOCK), meta.share));
    if (performance.now() - t0 > 10) {
      await nextTurn();
      t0 = performance.now();
    }
  }
  const ranks = new Int32Array(views.reduce((n, v) => n + v.ranks.length, 0));
  let at = 0;
  for (const v of views) {
    ranks.set(v.ranks, at);
    at += v.ranks.length;
  }
  const parts = [
    encoder.encode(JSON.stringify(entries.map((e) => e[0]))),
    new Uint8Array(ranks.buffer),
    encoder.encode(textsSection(entries.map((e) => e[3]))),
    ...blocks,
  ];
  const head: SnapHead = {
    ...meta,
    format: 3,
    block: SNAP_BLOCK,
    views: views.map(({ order, where, ranks }) => ({ order, where, n: ranks.length })),
    le: LE,
    sizes: parts.map((p) => p.length),
  };
  return [encoder.encode(JSON.stringify(head) + "\n"), ...parts];
}

/** One block of entries: a JSON array of the `share` records once each, then the entries. */
function encodeBlock(entries: SnapEntry[], share: string[]): Uint8Array {
  const shared: unknown[] = [];
  const numbers = new Map<unknown, number>();
  const part = entries.map(([, vs, value, , nums]): BlockEntry => {
    if (!share.length) return [vs, value, nums];
    const v = { ...value };
    for (const f of share) {
      const o = v[f];
      if (!o || typeof o !== "object") continue;
      let n = numbers.get(o);
      if (n === undefined) {
        numbers.set(o, n = shared.length);
        shared.push(o);
      }
      v[f] = n;
    }
    return [vs, v, nums];
  });
  return encoder.encode(JSON.stringify([shared, part]));
}

/** Writes a snapshot: a temporary file renamed over the old one (never half a file). */
export async function writeSnapshot(path: string, parts: Uint8Array[]): Promise<void> {
  const tmp = `${path}.tmp-${ulid()}`;
  try {
    const file = await Deno.open(tmp, { write: true, create: true, mode: 0o600 });
    try {
      for (const part of parts) {
        for (let at = 0; at < part.length;) at += await file.write(part.subarray(at));
      }
    } finally {
      file.close();
    }
    await Deno.rename(tmp, path);
  } catch (e) {
    await Deno.remove(tmp).catch(() => {});
    throw e;
  }
}

/** Reads `length` bytes at `at` (fewer at the end of the file). */
async function readAt(file: Deno.FsFile, at: number, length: number): Promise<Uint8Array> {
  const buf = new Uint8Array(length);
  await file.seek(at, Deno.SeekMode.Start);
  let n = 0;
  for (let got: number | null = 0; n < length && got !== null; n += got ?? 0) {
    got = await file.read(buf.subarray(n));
  }
  return buf.subarray(0, n);
}

let scratch = new Uint8Array(0);

/**
 * The blocks of a snapshot file, each read when asked for; each read first checks the file is
 * the one the snapshot was read from (size and mtime), as a newer one takes its name.
 */
export class SnapBlocks {
  constructor(
    readonly path: string,
    readonly stat: { size: number; mtime: number },
    readonly offsets: number[],
    readonly sizes: number[],
  ) {}

  get count(): number {
    return this.sizes.length;
  }

  /** Block `i`'s text, valid until the next read (a shared buffer); throws if the file changed. */
  read(i: number): Uint8Array {
    using file = Deno.openSync(this.path);
    const st = file.statSync();
    if (st.size !== this.stat.size || (st.mtime?.getTime() ?? 0) !== this.stat.mtime) {
      throw new Error("berkas berubah sejak dibaca");
    }
    if (scratch.length < this.sizes[i]) scratch = new Uint8Array(this.sizes[i] + (64 << 10));
    const buf = scratch.subarray(0, this.sizes[i]);
    file.seekSync(this.offsets[i], Deno.SeekMode.Start);
    for (let n = 0; n < buf.length;) {
      const got = file.readSync(buf.subarray(n));
      if (!got) throw new Error("berkas terpotong");
      n += got;
    }
    return buf;
  }
}

/**
 * Reads a snapshot's head, ids and orderings (its texts and blocks are left in the file), or
 * null when there is none or its parts do not add up.
 */
export async function readSnapshot(
  path: string,
  between: () => Promise<void> = () => Promise.resolve(),
): Promise<Snapshot | null> {
  try {
    using file = await Deno.open(path);
    const st = await file.stat();
    let top = await readAt(file, 0, 64 << 10);
    let nl = top.indexOf(10);
    if (nl < 0) nl = (top = await readAt(file, 0, 4 << 20)).indexOf(10);
    if (nl < 0) return null;
    const dec = new TextDecoder();
    const head = JSON.parse(dec.decode(top.subarray(0, nl))) as SnapHead;
    const { sizes, rows, block } = head;
    if (
      head.format !== 3 || head.le !== LE || !Array.isArray(head.share) ||
      !Array.isArray(sizes) || !Array.isArray(head.views) || !(block > 0) ||
      sizes.length !== 3 + Math.ceil(rows / block) ||
      sizes.reduce((a, b) => a + b, 0) !== st.size - nl - 1
    ) return null;
    const offsets: number[] = [];
    for (let at = nl + 1, i = 0; i < sizes.length; at += sizes[i++]) offsets.push(at);
    const lists = await readAt(file, offsets[0], sizes[0] + sizes[1]);
    if (lists.length !== sizes[0] + sizes[1]) return null;
    await between();
    const ids = JSON.parse(dec.decode(lists.subarray(0, sizes[0]))) as string[];
    if (!Array.isArray(ids) || ids.length !== rows) return null;
    const all = new Int32Array(lists.slice(sizes[0]).buffer);
    if (all.length !== head.views.reduce((n, v) => n + v.n, 0)) return null;
    for (let i = 0; i < all.length; i++) if (!(all[i] >= 0 && all[i] < rows)) return null;
    let at = 0;
    const views = head.views.map(({ order, where, n }) => ({
      order,
      where,
      ranks: all.subarray(at, at += n),
    }));
    const stat = { size: st.size, mtime: st.mtime?.getTime() ?? 0 };
    return {
      head,
      ids,
      views,
      texts: new SnapBlocks(path, stat, offsets.slice(2, 3), sizes.slice(2, 3)),
      blocks: new SnapBlocks(path, stat, offsets.slice(3), sizes.slice(3)),
    };
  } catch {
    return null;
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
