import type { Doc, Row } from "./doc.ts";
import type { Entry } from "./scan.ts";
import { Interner } from "./intern.ts";

/**
 * The entries of an index restored from a snapshot: each knows its rank at once, while its
 * record and numbers stay in their block's text until one is read (which parses the block), and
 * its search text in the texts section, parsed whole at the first read of one. So a restart's
 * first page and first search parse little; the rest is parsed in the background (`settle`).
 */

/** Entries per block of a snapshot. */
export const SNAP_BLOCK = 500;

/** Where the blocks' texts are (a snapshot file). */
export interface BlockSource {
  /** The text of block `i` (asked for once, unless it did not parse). */
  read(i: number): Uint8Array;
}

/** Where the search texts are: one section (`textsSection`). */
export interface TextSource {
  read(i: 0): Uint8Array;
}

/**
 * A snapshot's search texts section: JSON of `[text, exact]`, every entry's text in dump order
 * ending in a line break, and `exact` the `[position, text]` of those that held one. One string,
 * cut into the entries' texts at a first search.
 */
export function textsSection(texts: string[]): string {
  const exact: [number, string][] = [];
  const parts = texts.map((t, i) => {
    if (!t.includes("\n")) return t;
    exact.push([i, t]);
    return t.replaceAll("\n", " ");
  });
  return JSON.stringify([parts.map((t) => t + "\n").join(""), exact]);
}

/** The entries per block of `rows` entries in blocks of `per`. */
export function blockCounts(rows: number, per: number): number[] {
  return Array.from({ length: Math.ceil(rows / per) }, (_, i) => Math.min(per, rows - i * per));
}

/** One entry of a block as written: versionstamp, kept record, numbers. */
export type BlockEntry = [string, Record<string, unknown>, number[] | null];

const decoder = new TextDecoder();

/** An entry whose parts are parsed from its snapshot block on first use. */
export class LazyEntry<T extends Doc> implements Entry<T> {
  #row: Row<T> | null = null;
  #all: string | null = null;
  #nums: number[] | null = null;

  /** `at`: its place in the snapshot (its search text's). */
  constructor(readonly seq: number, readonly block: LazyBlock<T>, readonly at: number) {}

  get row(): Row<T> {
    if (!this.#row) this.block.load();
    return this.#row!;
  }

  get all(): string {
    return this.#all ??= this.block.set.text(this.at);
  }

  /** Its search text as a slice of a joined block's (text.ts). */
  set all(text: string) {
    this.#all = text;
  }

  get nums(): number[] | null {
    if (!this.#row) this.block.load();
    return this.#nums;
  }

  /** Null once the index keeps the numbers in its columns. */
  set nums(nums: number[] | null) {
    if (!this.#row) this.block.load();
    this.#nums = nums;
  }

  /** Sets the parsed parts (by the block). */
  fill(row: Row<T>, nums: number[] | null): void {
    this.#row = row;
    this.#nums = nums;
  }
}

/** One block of a snapshot: its entries, parsed from the file on first use. */
class LazyBlock<T extends Doc> {
  #parsed = false;
  #failed: Error | null = null;
  readonly entries: LazyEntry<T>[] = [];

  constructor(readonly i: number, readonly set: LazyBlocks<T>) {}

  get parsed(): boolean {
    return this.#parsed;
  }

  /** Parses the block into its entries (once); a block that does not parse throws, every time. */
  load(): void {
    if (this.#failed) throw this.#failed;
    if (this.#parsed) return;
    let shared: unknown[], list: BlockEntry[];
    try {
      [shared, list] = JSON.parse(decoder.decode(this.set.source.read(this.i)));
      if (!Array.isArray(shared) || !Array.isArray(list) || list.length !== this.entries.length) {
        throw new Error(`holds ${list?.length} entries, not ${this.entries.length}`);
      }
    } catch (e) {
      this.#failed = new Error(`Cache indeks rusak: ${(e as Error).message}`, { cause: e });
      this.set.failed(this.#failed);
      throw this.#failed;
    }
    this.#parsed = true;
    const { share, canonical, reshare, ids } = this.set.parts;
    const intern = this.set.intern;
    // each embedded record made the one the index keeps, once per block
    const kept: unknown[] = new Array(shared.length);
    for (let i = 0; i < list.length; i++) {
      const [stamp, value, nums] = list[i];
      const versionstamp = intern.text(stamp);
      for (const f of share) {
        const n = value[f];
        if (typeof n === "number") value[f] = kept[n] ??= canonical(f, shared[n]);
      }
      // the id kept once: the index's key (read with the ids) is the record's own
      const id = ids[this.entries[i].seq];
      if (value._id === id) value._id = id;
      // JSON wrote NaN (no discharge yet, no percentage) as null
      const numbers = nums && nums.map((x) => x ?? NaN);
      this.entries[i].fill({ value: reshare(value as T), versionstamp }, numbers);
    }
  }
}

/** How a block's entries are made what the index keeps. */
export interface BlockParts<T extends Doc> {
  /** Fields whose embedded records a block holds once and its entries by number. */
  share: string[];
  /** The embedded record the index keeps in place of one read (slim_rows.ts `canonical`). */
  canonical: (field: string, record: unknown) => unknown;
  /** A record read back, its repeated values shared again (slim_rows.ts `reshared`). */
  reshare: (value: T) => T;
  /** The entries' ids by insertion rank. */
  ids: string[];
}

/** The blocks of one restored snapshot. */
export class LazyBlocks<T extends Doc> {
  readonly #blocks: LazyBlock<T>[];
  /** The blocks' repeated texts, one string each (let go with the blocks once all are parsed). */
  readonly intern = new Interner();
  #dropped = false;
  #texts: { text: string; ends: Int32Array; exact: Map<number, string> } | null = null;

  /**
   * `source`: the blocks' texts (block `i` holds `counts[i]` entries); `parts` makes an entry what
   * the index keeps; `broken` is told once when a block or the texts do not parse.
   */
  constructor(
    readonly source: BlockSource,
    readonly texts: TextSource,
    readonly counts: number[],
    readonly parts: BlockParts<T>,
    readonly broken: (e: Error) => void,
  ) {
    this.#blocks = counts.map((_, i) => new LazyBlock<T>(i, this));
  }

  /** The search text of the entry at `at` in the snapshot (the section read at the first). */
  text(at: number): string {
    const t = this.#texts ??= this.#readTexts();
    return t.exact.get(at) ?? t.text.slice(at ? t.ends[at - 1] + 1 : 0, t.ends[at]);
  }

  /** The texts section, with where each entry's text ends (see `textsSection`). */
  #readTexts() {
    try {
      const [text, exact] = JSON.parse(decoder.decode(this.texts.read(0)));
      const n = this.parts.ids.length, ends = new Int32Array(n);
      for (let i = 0, at = -1; i < n; i++) {
        if ((at = text.indexOf("\n", at + 1)) < 0) throw new Error(`${i} search texts, not ${n}`);
        ends[i] = at;
      }
      if ((n ? ends[n - 1] + 1 : 0) !== text.length) throw new Error(`more search texts than ${n}`);
      return { text, ends, exact: new Map<number, string>(exact) };
    } catch (e) {
      const err = new Error(`Cache indeks rusak: ${(e as Error).message}`, { cause: e });
      this.failed(err);
      throw err;
    }
  }

  /** The entries, one per insertion rank from `first`, each block's in turn. */
  entries(first: number): LazyEntry<T>[] {
    const out: LazyEntry<T>[] = [];
    for (const [i, block] of this.#blocks.entries()) {
      for (let k = 0; k < this.counts[i]; k++) {
        const e = new LazyEntry<T>(first + out.length, block, out.length);
        block.entries.push(e);
        out.push(e);
      }
    }
    return out;
  }

  failed(e: Error): void {
    if (this.#dropped) return;
    this.#dropped = true;
    this.broken(e);
  }

  /** Stops `settle` (the index was emptied or reloaded). */
  drop(): void {
    this.#dropped = true;
  }

  /** Parses the unparsed blocks, awaiting `between()` after each ~`sliceMs`; whether all were. */
  async settle(between: () => Promise<void>, sliceMs = 8): Promise<boolean> {
    // the search texts first (every entry's, in one piece)
    if (this.parts.ids.length && !this.#dropped) {
      try {
        this.text(0);
      } catch {
        return false; // told to `broken` already
      }
      await between();
    }
    let t0 = performance.now();
    for (const block of this.#blocks) {
      if (this.#dropped) return false;
      if (block.parsed) continue;
      try {
        block.load();
      } catch {
        return false; // told to `broken` already
      }
      if (performance.now() - t0 >= sliceMs) {
        await between();
        t0 = performance.now();
      }
    }
    return !this.#dropped;
  }
}
