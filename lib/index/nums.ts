/** An entry as the columns read it (scan.ts `Entry`). */
interface Numbered {
  seq: number;
  nums: number[] | null;
}

/** A `MemIndex`'s derived numbers, a `Float64Array` per number by insertion rank (NaN: hole). */
export class NumColumns {
  cols: Float64Array[];

  /** The columns of `entries`' numbers (the entries drop theirs); null while none has numbers. */
  static of(entries: () => Iterable<Numbered>, ranks: number): NumColumns | null {
    const width = entries()[Symbol.iterator]().next().value?.nums?.length ?? 0;
    if (!width) return null;
    const out = new NumColumns(width, Math.max(1024, Math.ceil(ranks * 1.25)));
    for (const e of entries()) {
      out.set(e.seq, e.nums);
      e.nums = null;
    }
    return out;
  }

  constructor(width: number, size: number) {
    this.cols = Array.from({ length: width }, () => new Float64Array(size).fill(NaN));
  }

  /** The numbers at rank `seq`. */
  row(seq: number): number[] {
    return this.cols.map((c) => c[seq]);
  }

  /** Sets the numbers at rank `seq` (null: a hole). */
  set(seq: number, nums: number[] | null): void {
    if (this.cols.length && seq >= this.cols[0].length) {
      this.cols = this.cols.map((c) => {
        const next = new Float64Array(Math.max(seq + 1, c.length * 2)).fill(NaN);
        next.set(c);
        return next;
      });
    }
    this.cols.forEach((c, i) => c[seq] = nums ? nums[i] : NaN);
  }
}
