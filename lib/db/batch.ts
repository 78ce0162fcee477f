/** Deno KV's per-commit limits, with headroom. */
export const KV_LIMITS = { mutations: 1000, checks: 100, bytes: 800_000, keyBytes: 80_000 };

type Op =
  /** `size`: the value's `sizeOf`, when the caller measured it already. */
  | { kind: "set"; key: Deno.KvKey; value: unknown; expireIn?: number; size?: number }
  | { kind: "delete"; key: Deno.KvKey }
  | { kind: "sum"; key: Deno.KvKey; n: bigint }
  | { kind: "check"; key: Deno.KvKey; versionstamp: string | null };

const bigints = (_k: string, x: unknown) => typeof x === "bigint" ? String(x) : x;
const PAST_ASCII = /[\u0080-\uffff]/;

/** Bytes of a text in UTF-8 (counted, not encoded). */
export function utf8Length(s: string): number {
  if (!PAST_ASCII.test(s)) return s.length;
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n++;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < s.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** Rough byte size of a key or value as KV counts it (its JSON's UTF-8 length; bigints rare). */
export function sizeOf(v: unknown): number {
  let json: string | undefined;
  try {
    json = JSON.stringify(v);
  } catch {
    json = JSON.stringify(v, bigints);
  }
  return utf8Length(json ?? "");
}

/** Collects mutations into commits within KV limits, each `group` inside one commit. */
export class Batcher {
  #commits: Op[][] = [[]];
  #mut = 0;
  #checks = 0;
  #bytes = 0;
  #keyBytes = 0;
  #side = 0;

  /** `sideBytes`: the most `side` bytes (an undo journal) `group` adds per commit. */
  constructor(
    private reserve = { mutations: 2, checks: 1, bytes: 2_000 },
    private sideBytes = Infinity,
  ) {}

  /** Adds one record's ops, in a new commit when they would not fit (`extra`: bytes besides). */
  group(ops: Op[], side = 0, extra = 0): void {
    let m = 0, c = 0, b = side + extra, k = 0;
    for (const op of ops) {
      const kb = sizeOf(op.key);
      k += kb;
      if (op.kind === "check") c++;
      else {
        m++;
        b += kb + (op.kind === "set" ? op.size ?? sizeOf(op.value) : 8);
      }
    }
    const r = this.reserve;
    if (
      this.#mut + m > KV_LIMITS.mutations - r.mutations ||
      this.#checks + c > KV_LIMITS.checks - r.checks ||
      this.#bytes + b > KV_LIMITS.bytes - r.bytes ||
      this.#keyBytes + k > KV_LIMITS.keyBytes - 2_000 ||
      this.#side + side > this.sideBytes
    ) {
      if (this.#commits.at(-1)!.length) this.#commits.push([]);
      this.#mut =
        this.#checks =
        this.#bytes =
        this.#keyBytes =
        this.#side =
          0;
    }
    this.#commits.at(-1)!.push(...ops);
    this.#mut += m;
    this.#checks += c;
    this.#bytes += b;
    this.#keyBytes += k;
    this.#side += side;
  }

  /** The planned commits, each a list of operations. */
  get commits(): Op[][] {
    return this.#commits.filter((c) => c.length);
  }

  /** Takes the planned commits no later `group` can add to (with `all`, the last one too). */
  take(all = false): Op[][] {
    const done = this.#commits.splice(0, this.#commits.length - (all ? 0 : 1));
    if (!this.#commits.length) this.#commits.push([]);
    return done.filter((c) => c.length);
  }
}

/** Applies planned operations to an atomic operation. */
export function applyOps(atomic: Deno.AtomicOperation, ops: Op[]): Deno.AtomicOperation {
  for (const op of ops) {
    if (op.kind === "set") atomic.set(op.key, op.value, { expireIn: op.expireIn });
    else if (op.kind === "delete") atomic.delete(op.key);
    else if (op.kind === "sum") atomic.sum(op.key, op.n);
    else atomic.check({ key: op.key, versionstamp: op.versionstamp });
  }
  return atomic;
}

export type { Op };
