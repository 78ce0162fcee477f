import { conflict } from "../errors.ts";
import { formatDateTime } from "../format.ts";

/** Who holds a claim's calls, and since when. */
interface Holder {
  what: string;
  by: string;
  since: Date;
}

/** The claims whose calls are running, per store, by stay id and SEP (one server per store). */
const holders = new WeakMap<object, Map<string, Holder>>();

/** Runs `fn` holding the calls of the claims `keys` names; one already held answers 409 at once. */
export async function withClaimLock<T>(
  store: object,
  keys: string[],
  holder: { what: string; by: string },
  fn: () => Promise<T>,
): Promise<T> {
  let held = holders.get(store);
  if (!held) holders.set(store, held = new Map());
  const names = [...new Set(keys.filter(Boolean))];
  const busy = names.map((k) => held.get(k)).find(Boolean);
  if (busy) {
    throw conflict(
      `Klaim ini sedang diproses di E-Klaim (${busy.what} oleh ${busy.by}, sejak ${
        formatDateTime(busy.since)
      }): tunggu sampai selesai, lalu ulangi.`,
    );
  }
  const mine: Holder = { ...holder, since: new Date() };
  for (const k of names) held.set(k, mine);
  try {
    return await fn();
  } finally {
    for (const k of names) if (held.get(k) === mine) held.delete(k);
  }
}
