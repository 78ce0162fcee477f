import { addCounts, addIndex, type EntryIndex, indexCost } from "./entry_keys.ts";
import { chainHash, type Point } from "./sign.ts";
import { type Chain, CP, HEAD, type Head, PART, type Stored } from "./chain.ts";
import type { AuditEntry } from "./types.ts";
import { hospitalDay } from "../hospital_time.ts";

/** An entry waiting to be written, and who waits for it. */
export interface Pending {
  entry: AuditEntry;
  data: string;
  done: (e?: unknown) => void;
}

/** An entry with its index keys, ready to commit. */
export interface Prepared extends Pending {
  ix: EntryIndex;
}

/** The head this process last wrote (null: read it again). */
export interface HeadCache {
  head: { value: Head | null; versionstamp: string | null } | null;
}

/** Entries prepared together; commits are cut from them by size. */
export const MAX_BATCH = 400;
const MAX_MUTATIONS = 900;
const MAX_BYTES = 600_000;
const MAX_KEY_BYTES = 60_000;
/** Parts of a large entry per commit (each ≤ 40 KB serialized). */
const PARTS_PER_COMMIT = 12;
const bytesOf = (s: string) => s.length * (/[\u0100-\uffff]/.test(s) ? 2 : 1);

/** Cuts prepared entries into commits under KV's limits. */
export function* commitGroups(all: Prepared[]): Generator<Prepared[]> {
  let group: Prepared[] = [];
  let mutations = 0, bytes = 0, keyBytes = 0;
  // the counters the group adds to: one sum each, however many of its entries count
  const counters = new Set<string>();
  for (const p of all) {
    const c = indexCost(p.ix);
    const b = bytesOf(p.data.slice(0, PART)) + c.bytes;
    const added = () => c.counters.filter((k) => !counters.has(k)).length;
    if (
      group.length &&
      (mutations + c.mutations + 2 + added() + 3 > MAX_MUTATIONS || bytes + b > MAX_BYTES ||
        keyBytes + c.keyBytes > MAX_KEY_BYTES)
    ) {
      yield group;
      group = [];
      mutations = bytes = keyBytes = 0;
      counters.clear();
    }
    group.push(p);
    mutations += c.mutations + 2 + added();
    for (const k of c.counters) counters.add(k);
    bytes += b;
    keyBytes += c.keyBytes;
  }
  if (group.length) yield group;
}

/** The parts after the first of a large entry, in their own commits (before the entry's). */
async function writeParts(kv: Deno.Kv, p: Prepared): Promise<void> {
  const parts = Math.ceil(p.data.length / PART);
  for (let from = 1; from < parts; from += PARTS_PER_COMMIT) {
    const op = kv.atomic();
    for (let n = from; n < Math.min(parts, from + PARTS_PER_COMMIT); n++) {
      op.set(["audit_part", p.entry.id, n], p.data.slice(n * PART, (n + 1) * PART));
    }
    if (!(await op.commit()).ok) throw new Error("Bagian entri audit tidak tersimpan.");
  }
}

/** A group's commit as made onto a head: its operation (the head's check apart), the head after. */
interface Made {
  op: Deno.AtomicOperation;
  next: Head;
  /** The head the day before left, anchored by this commit (its first entry starts a day). */
  anchor: Head | null;
}

/** The commit of `group` onto `head` (null: an empty log): entries, index keys, signed points. */
function make(chain: Chain, group: Prepared[], head: Head | null): Made {
  const { signer, every } = chain;
  const day = hospitalDay(new Date());
  let prev = head?.hash ?? "";
  let count = head?.count ?? 0;
  const op = chain.kv.atomic();
  const counts = new Map();
  for (const p of group) {
    const hash = chainHash(prev, p.data);
    const parts = Math.ceil(p.data.length / PART) || 1;
    const value: Stored = { prev, hash, data: p.data.slice(0, PART) };
    if (parts > 1) value.parts = parts;
    op.set(["audit", p.entry.id], value);
    addIndex(op, p.entry.id, p.ix, counts);
    prev = hash;
    count++;
    if (count % every === 0) {
      const cp: Point = { count, id: p.entry.id, hash };
      op.set([CP, count], { ...cp, sig: signer.sign(cp) });
    }
  }
  addCounts(op, counts);
  const point: Point = { id: group.at(-1)!.entry.id, hash: prev, count };
  const next: Head = { ...point, sig: signer.sign(point), day };
  // the first entry of a hospital day anchors the head as the day before left it
  const anchor = head && head.day !== day ? head : null;
  if (anchor) {
    op.set(["audit_anchor", anchor.day ?? day], {
      count: anchor.count,
      hash: anchor.hash,
      at: new Date().toISOString(),
    });
  }
  op.set(HEAD, next);
  return { op, next, anchor };
}

/** Commits a made group checked against `head` (its versionstamp); whether it went through. */
async function commitMade(
  m: Made,
  head: HeadCache["head"] & object,
  cache: HeadCache,
  anchorLine: (line: string) => void,
): Promise<boolean> {
  const res = await m.op.check({ key: HEAD, versionstamp: head.versionstamp }).commit();
  if (!res.ok) {
    cache.head = null;
    return false;
  }
  cache.head = { value: m.next, versionstamp: res.versionstamp };
  const a = m.anchor;
  if (a) anchorLine(`jejak audit: kepala hari ${a.day ?? "-"}: ${a.count} entri, ${a.hash}`);
  return true;
}

/** Commits `group` onto the head read (`cache`, re-read if moved), a large entry's parts first. */
export async function writeGroup(
  chain: Chain,
  group: Prepared[],
  cache: HeadCache,
  anchorLine: (line: string) => void,
): Promise<void> {
  const kv = chain.kv;
  for (const p of group) if (p.data.length > PART) await writeParts(kv, p);
  for (let attempt = 0; attempt < 20; attempt++) {
    const head = attempt === 0 && cache.head ? cache.head : await kv.get<Head>(HEAD);
    if (await commitMade(make(chain, group, head.value), head, cache, anchorLine)) return;
  }
  throw new Error("Jejak audit tidak dapat ditulis (terlalu banyak penulisan bersamaan).");
}

/** Commits `groups` in order, each made while the one before is written (else: `alone`). */
export async function writeGroups(
  chain: Chain,
  groups: Prepared[][],
  cache: HeadCache,
  anchorLine: (line: string) => void,
  done: (group: Prepared[]) => void,
  alone: (group: Prepared[]) => Promise<void>,
): Promise<void> {
  const plain = (g: Prepared[]) => g.every((p) => p.data.length <= PART);
  let made: Made | null = null;
  for (const [i, group] of groups.entries()) {
    const head = cache.head;
    if (!head || !plain(group)) {
      made = null;
      await alone(group);
      continue;
    }
    made ??= make(chain, group, head.value);
    const committing = commitMade(made, head, cache, anchorLine).catch(() => false);
    const after = groups[i + 1];
    const ahead: Made | null = after && plain(after) ? make(chain, after, made.next) : null;
    if (await committing) done(group);
    else await alone(group);
    // made ahead onto the head this group left only if it went through as made
    made = ahead && cache.head?.value === made.next ? ahead : null;
  }
}
