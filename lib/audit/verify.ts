import {
  type Chain,
  type Checkpoint,
  CP,
  HEAD,
  type Head,
  readData,
  type Stored,
} from "./chain.ts";
import { chainHash } from "./sign.ts";

/** What `verify` answers. */
export interface VerifyResult {
  ok: boolean;
  /** Entries found intact (all of them when `ok`). */
  count: number;
  /** The first entry that does not match, `"head"` or `"checkpoint N"`; null when `ok`. */
  brokenAt: string | null;
  /** With an earlier head given: whether the log still contains it. */
  contains?: boolean;
}

const broken = (count: number, at: string): VerifyResult => ({ ok: false, count, brokenAt: at });

/** Checks one entry's own hash; its id must match the key. */
async function intact(c: Chain, key: Deno.KvKey, v: Stored): Promise<boolean> {
  const data = await readData(c.kv, key, v);
  try {
    if ((JSON.parse(data) as { id: string }).id !== key[1]) return false;
  } catch {
    return false;
  }
  return v.hash === chainHash(v.prev, data);
}

/** Checks the signed points, then re-hashes from the newest checkpoint (`full`: the first). */
export async function verifyChain(
  c: Chain,
  full: boolean,
  progress?: (done: number, total: number) => void,
): Promise<VerifyResult> {
  const head = (await c.kv.get<Head>(HEAD)).value;
  const total = head?.count ?? 0;
  if (head && !c.signer.check(head)) return broken(0, "head");
  // the signed checkpoints, oldest first
  const cps = (await Array.fromAsync(c.kv.list<Checkpoint>({ prefix: [CP] }, { batchSize: 500 })))
    .map((e) => e.value);
  for (let i = 0; i < cps.length; i++) {
    const cp = cps[i];
    if (cp.count !== (i + 1) * c.every || !c.signer.check(cp)) {
      return broken(i * c.every, `checkpoint ${(i + 1) * c.every}`);
    }
  }
  if (cps.length !== Math.floor(total / c.every)) {
    return broken(cps.length * c.every, `checkpoint ${(cps.length + 1) * c.every}`);
  }
  for (let i = 0; i < cps.length; i += 10) {
    const part = cps.slice(i, i + 10);
    const got = await c.kv.getMany<Stored[]>(part.map((cp) => ["audit", cp.id]));
    for (let k = 0; k < got.length; k++) {
      const g = got[k];
      if (!g.value || g.value.hash !== part[k].hash || !(await intact(c, g.key, g.value))) {
        return broken((i + k) * c.every, part[k].id);
      }
    }
  }
  const from = full ? undefined : cps.at(-1);
  let prev = from?.hash ?? "";
  let count = from?.count ?? 0;
  let lastId = from?.id ?? "";
  const byCount = new Map(cps.map((cp) => [cp.count, cp]));
  const selector: Deno.KvListSelector = from
    ? { start: ["audit", from.id + "\0"], end: ["audit", "\uffff"] }
    : { prefix: ["audit"] };
  for await (const e of c.kv.list<Stored>(selector, { batchSize: 500 })) {
    const id = String(e.key[1]);
    if (e.value.prev !== prev || !(await intact(c, e.key, e.value))) return broken(count, id);
    prev = e.value.hash;
    lastId = id;
    count++;
    const cp = byCount.get(count);
    if (cp && (cp.id !== id || cp.hash !== prev)) return broken(count - 1, id);
    if (progress && count % 10_000 === 0) progress(count, total);
  }
  progress?.(count, total);
  if ((head?.hash ?? "") !== prev || total !== count || (head?.id ?? "") !== lastId) {
    return broken(count, "head");
  }
  return { ok: true, count, brokenAt: null };
}

/** Whether the log's `p.count`-th entry still has hash `p.hash` (read from its checkpoint on). */
export async function containsPoint(
  c: Chain,
  p: { count: number; hash: string },
): Promise<boolean> {
  const head = (await c.kv.get<Head>(HEAD)).value;
  if (!Number.isInteger(p.count) || p.count < 1 || p.count > (head?.count ?? 0)) return false;
  const base = Math.floor(p.count / c.every) * c.every;
  let after: string | null = null;
  if (base) {
    const cp = (await c.kv.get<Checkpoint>([CP, base])).value;
    if (!cp || !c.signer.check(cp)) return false;
    if (base === p.count) return cp.hash === p.hash;
    after = cp.id;
  }
  const selector: Deno.KvListSelector = after
    ? { start: ["audit", after + "\0"], end: ["audit", "\uffff"] }
    : { prefix: ["audit"] };
  let n = base;
  for await (const e of c.kv.list<Stored>(selector, { limit: p.count - base, batchSize: 500 })) {
    n++;
    if (n === p.count) return e.value.hash === p.hash;
  }
  return false;
}
