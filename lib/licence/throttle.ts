/** Anonymous licence requests one client address may make within `WINDOW_MS`. */
export const ANON_LIMIT = 20;
/** The window of `ANON_LIMIT`. */
export const WINDOW_MS = 15 * 60_000;
/** Addresses remembered at most (the oldest are forgotten first). */
const MAX_ADDRESSES = 10_000;

/** The Indonesian refusal of a throttled licence request, with the minutes left. */
export const throttledMessage = (ms: number) =>
  "Terlalu banyak permintaan validasi lisensi dari alamat ini. " +
  `Coba lagi dalam ${Math.max(1, Math.ceil(ms / 60_000))} menit.`;

/** Counts anonymous licence requests per client address in memory: `ANON_LIMIT` per window. */
export class AddressThrottle {
  #hits = new Map<string, number[]>();

  /** Counts one request from `address`; returns 0 when allowed, else the ms until it is. */
  take(address: string): number {
    const now = Date.now();
    const recent = (this.#hits.get(address) ?? []).filter((t) => now - t < WINDOW_MS);
    if (recent.length >= ANON_LIMIT) return recent[0] + WINDOW_MS - now;
    recent.push(now);
    this.#hits.delete(address); // re-inserted last: the map stays ordered oldest first
    this.#hits.set(address, recent);
    if (this.#hits.size > MAX_ADDRESSES) this.#hits.delete(this.#hits.keys().next().value!);
    return 0;
  }
}
