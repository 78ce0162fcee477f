import { encodeTime } from "ulid";
import { words } from "./record.ts";

/** `[IX, field, value, id]` → `Summary`: the log's index of every entry, by `Field`. */
export const IX = "audit_ix";
/** `[COUNT, field, value]`: how many entries an index key has (a `Deno.KvU64`). */
export const COUNT = "audit_n";

/** What an index key holds: enough to check the other filters without reading the entry. */
export type Summary = [username: string, action: string, entity: string];
/** An index field: every entry, username (lower case), action, entity, key token. */
export type Field = "*" | "u" | "a" | "e" | "k";

/** Filters of the list: username (any case), action, entity; time range in ms (from ≤ at < to). */
export interface AuditFilter {
  username?: string;
  action?: string;
  entity?: string;
  from?: number;
  to?: number;
  /** Words of a record's key fields (ERM, name, stay or record id), all required. */
  search?: string;
}

/** Whether a key token is a record's id (a ULID, lower case). */
export const isRecordId = (v: string): boolean => /^[0-9a-hjkmnp-tv-z]{26}$/.test(v);

/** Whether an index key is counted (`COUNT`): not a record id's token (one counter per record). */
export const counted = (f: Field, v: string): boolean => f !== "k" || !isRecordId(v);

/** Counts stop here: past it a list says `capped` ("10.000+"). */
export const COUNT_CAP = 10_000;
/** How long a joined count goes on once the page is found, then `capped` ("at least N"). */
const COUNT_BUDGET_MS = 150;

interface Item {
  id: string;
  s: Summary;
}

/** Walks one index newest first; `seek(b)` is the newest id below `b`. */
class Cursor {
  #buf: Item[] = [];
  #i = 0;
  #hi: string;
  #done = false;
  #n = 32;
  constructor(readonly kv: Deno.Kv, readonly prefix: Deno.KvKey, readonly lo: string, hi: string) {
    this.#hi = hi;
  }

  async #fetch() {
    const got: Item[] = [];
    const it = this.kv.list<Summary>(
      { start: [...this.prefix, this.lo], end: [...this.prefix, this.#hi] },
      { reverse: true, limit: this.#n, batchSize: this.#n },
    );
    for await (const e of it) got.push({ id: e.key[e.key.length - 1] as string, s: e.value });
    this.#done = got.length < this.#n;
    if (got.length) this.#hi = got[got.length - 1].id;
    this.#n = Math.min(1000, this.#n * 2);
    this.#buf = got;
    this.#i = 0;
  }

  async seek(bound: string): Promise<Item | null> {
    for (;;) {
      while (this.#i < this.#buf.length && this.#buf[this.#i].id >= bound) this.#i++;
      if (this.#i < this.#buf.length) return this.#buf[this.#i];
      if (this.#done) return null;
      if (bound < this.#hi) {
        this.#hi = bound; // a jump: start small again
        this.#n = 32;
      }
      await this.#fetch();
    }
  }
}

/** The newest id below `bound` found by every cursor (leapfrog join). */
async function nextMatch(cs: Cursor[], bound: string): Promise<Item | null> {
  let b = bound;
  for (;;) {
    const first = await cs[0].seek(b);
    if (!first) return null;
    let agreed = true;
    for (let i = 1; i < cs.length; i++) {
      const x = await cs[i].seek(first.id + "\0");
      if (!x) return null;
      if (x.id < first.id) {
        b = x.id + "\0";
        agreed = false;
        break;
      }
    }
    if (agreed) return first;
  }
}

function conditions(f: AuditFilter): { f: Field; v: string }[] {
  const out: { f: Field; v: string }[] = [];
  if (f.username) out.push({ f: "u", v: f.username.toLowerCase() });
  if (f.action) out.push({ f: "a", v: f.action });
  if (f.entity) out.push({ f: "e", v: f.entity });
  for (const w of new Set(words(f.search ?? ""))) out.push({ f: "k", v: w });
  return out;
}

/** The ids matching `f`, newest first, paged, and how many match (`capped`: at least that). */
export async function findIds(
  kv: Deno.Kv,
  f: AuditFilter,
  o: {
    start: number;
    length: number;
    /** Entries in the log (the count when nothing filters). */
    total: number;
    /** Only ids below this one (an export's next chunk). */
    below?: string;
    /** False: the page only, no count past it. */
    count?: boolean;
    /** How long a joined count may go on once the page is found (`COUNT_BUDGET_MS`). */
    budgetMs?: number;
  },
): Promise<{ ids: string[]; filtered: number; capped: boolean }> {
  const { start, length } = o;
  const conds = conditions(f);
  const ranged = f.from !== undefined || f.to !== undefined;
  const counts = new Map<string, number>();
  const known = conds.filter((c) => counted(c.f, c.v));
  for (let i = 0; i < known.length; i += 10) {
    const got = await kv.getMany<Deno.KvU64[]>(
      known.slice(i, i + 10).map((c) => [COUNT, c.f, c.v]),
    );
    got.forEach((g, k) =>
      counts.set(`${known[i + k].f}\0${known[i + k].v}`, Number(g.value?.value ?? 0n))
    );
  }
  // a record id's token has no counter: taken as the rarest, and its matches are walked
  const countOf = (c: { f: Field; v: string }) => counts.get(`${c.f}\0${c.v}`) ?? -1;
  if (conds.some((c) => countOf(c) === 0)) return { ids: [], filtered: 0, capped: false };
  // key tokens join each other; username, action and entity are checked on the driver's summary
  const byCount = [...conds].sort((a, b) => countOf(a) - countOf(b));
  const keys = byCount.filter((c) => c.f === "k");
  const driving = keys.length ? keys : byCount.length ? [byCount[0]] : [{ f: "*" as Field, v: "" }];
  const lo = f.from !== undefined ? encodeTime(Math.max(0, f.from), 10) : "";
  const hi = f.to !== undefined ? encodeTime(Math.max(0, f.to), 10) : "\uffff";
  const cursors = driving.map((c) => new Cursor(kv, [IX, c.f, c.v], lo, hi));
  const user = f.username?.toLowerCase();
  const ok = (s: Summary) =>
    (!user || s[0] === user) && (!f.action || s[1] === f.action) &&
    (!f.entity || s[2] === f.entity);
  const exact = !ranged && conds.length <= 1 && known.length === conds.length;
  const ids: string[] = [];
  let n = 0;
  let bound = o.below ?? "\uffff";
  const limit = exact || o.count === false
    ? start + length
    : Math.max(COUNT_CAP, start + length) + 1;
  const t0 = performance.now();
  let out = false;
  while (n < limit) {
    const m = await nextMatch(cursors, bound);
    if (!m) break;
    bound = m.id;
    if (!ok(m.s)) continue;
    if (n >= start && ids.length < length) ids.push(m.id);
    n++;
    if (
      n >= start + length && (n & 255) === 0 &&
      performance.now() - t0 > (o.budgetMs ?? COUNT_BUDGET_MS)
    ) {
      out = n < limit;
      break;
    }
  }
  if (exact) return { ids, filtered: conds.length ? countOf(conds[0]) : o.total, capped: false };
  if (out) return { ids, filtered: n, capped: true };
  return n >= limit ? { ids, filtered: limit, capped: true } : { ids, filtered: n, capped: false };
}
