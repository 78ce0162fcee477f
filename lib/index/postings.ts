import type { Doc } from "./doc.ts";
import { Grams } from "./grams.ts";
import { type Entry, gramText } from "./scan.ts";
import { nextTurn } from "../runtime/turn.ts";

/** Entries a build started by a search appends per turn of the event loop (~15 ms). */
const BUILD_SLICE = 2_000;

/** What the postings read of their index: how many ranks it gave, and the entry at a rank. */
export interface RankSource<T extends Doc> {
  count(): number;
  at(seq: number): Entry<T> | undefined;
}

/** An index's trigram postings: built in slices (`ready`, `warm`), kept in step by `update`. */
export class GramPostings<T extends Doc> {
  #grams: Grams | null = null;
  /** Postings being built in slices (`warm`): the entries below `next` are in. */
  #building: { grams: Grams; next: number } | null = null;

  /** `pos`: the positions of the trigram fields among the index's `fieldCount` search fields. */
  constructor(
    readonly pos: number[],
    readonly fieldCount: number,
    readonly source: RankSource<T>,
  ) {}

  /** Whether the trigram fields hold every field of a search (`fields` null: all of them). */
  covers(fields: number[] | null): boolean {
    const pos = this.pos;
    if (!pos.length) return false;
    return fields
      ? fields.every((f) => pos.includes(f))
      : Array.from({ length: this.fieldCount }, (_, i) => i).every((i) => pos.includes(i));
  }

  /** Applies a write at rank `seq` (`old` or `neu` null: an insert or a removal). */
  update(seq: number, old: Entry<T> | null, neu: Entry<T> | null): void {
    if (!this.#grams && !this.#building) return; // nothing built yet: nothing to keep in step
    const before = gramText(old, this.pos), after = gramText(neu, this.pos);
    this.#grams?.update(seq, before, after);
    if (this.#building && seq < this.#building.next) {
      this.#building.grams.update(seq, before, after);
    }
  }

  /** Drops the postings (a large batch of writes, or every row cleared). */
  drop(): void {
    this.#grams = null;
    this.#building = null;
  }

  /**
   * Builds the postings `slice` entries at a time, awaiting `pause` in between; writes meanwhile
   * go to the part built, a search meanwhile scans.
   */
  async warm(slice = 10_000, pause: () => Promise<void> = nextTurn): Promise<void> {
    if (this.#grams || this.#building || !this.pos.length) return;
    this.#building = { grams: new Grams(), next: 0 };
    while (this.#building && this.#slice(slice)) await pause();
  }

  /**
   * The postings when built, else null (the search scans) while a build in slices starts unless
   * one is under way; a build of one slice (`BUILD_SLICE` entries) is done at once.
   */
  ready(): Grams | null {
    if (this.#grams || this.#building || !this.pos.length) return this.#grams;
    // a small index's are built at once (one slice), a large one's from the next turn on
    if (this.source.count() <= BUILD_SLICE) this.warm(BUILD_SLICE).catch(() => {});
    else nextTurn().then(() => this.warm(BUILD_SLICE)).catch(() => {});
    return this.#grams;
  }

  /** Appends up to `count` more entries (ascending `seq`) to the build; false once it is done. */
  #slice(count: number): boolean {
    const b = this.#building!;
    const ranks = this.source.count();
    for (const end = Math.min(ranks, b.next + count); b.next < end; b.next++) {
      const e = this.source.at(b.next);
      if (e) b.grams.append(e.seq, gramText(e, this.pos)!);
    }
    if (b.next < ranks) return true;
    b.grams.trim();
    this.#grams = b.grams;
    this.#building = null;
    return false;
  }
}
