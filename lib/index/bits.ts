/** Bit sets by insertion rank: a search's hits as one bit per rank, so many terms' hits fit. */

/** An empty bit set for ranks `[0, ranks)`. */
export function bitsFor(ranks: number): Uint32Array {
  return new Uint32Array((ranks + 31) >>> 5);
}

/** Whether rank `r` is set. */
export function hasBit(bits: Uint32Array, r: number): boolean {
  return ((bits[r >>> 5] >>> (r & 31)) & 1) === 1;
}

/** Sets (`on`) or clears rank `r`; returns whether it was set before. */
export function putBit(bits: Uint32Array, r: number, on: boolean): boolean {
  const w = r >>> 5, m = 1 << (r & 31), was = (bits[w] & m) !== 0;
  if (on) bits[w] |= m;
  else bits[w] &= ~m;
  return was;
}

/** Calls `fn` with each rank set, in order (`base` added to each). */
export function eachBit(bits: Uint32Array, fn: (r: number) => void, base = 0): void {
  for (let w = 0; w < bits.length; w++) {
    for (let word = bits[w]; word !== 0; word &= word - 1) {
      fn(base + w * 32 + 31 - Math.clz32(word & -word));
    }
  }
}

/** How many ranks are set. */
export function countBits(bits: Uint32Array): number {
  let n = 0;
  for (let i = 0; i < bits.length; i++) {
    let v = bits[i];
    v = v - ((v >>> 1) & 0x55555555);
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    n += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return n;
}

/** The same set, room made for ranks `[0, ranks)`. */
export function grownBits(bits: Uint32Array, ranks: number): Uint32Array {
  if (bits.length * 32 >= ranks) return bits;
  const more = bitsFor(Math.ceil(ranks * 1.25));
  more.set(bits);
  return more;
}
