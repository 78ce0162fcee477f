/**
 * The derived numbers of a `MemIndex`'s entries (see `Query.numeric`) as one `Float64Array` per
 * number, indexed by insertion rank (NaN for a hole), grown as ranks are given out.
 */
export class NumColumns {
  cols: Float64Array[];

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
