import { AsyncLocalStorage } from "node:async_hooks";
import { type Op, sizeOf } from "./batch.ts";
import { newId } from "./ids.ts";
import type { Doc } from "../index/doc.ts";

/**
 * The audit outbox, `[OUTBOX, ulid]`: a write inside a scope (a request) commits one intent per
 * record with it, so a committed change always has its entry somewhere (lib/db/README.md).
 */
export const OUTBOX = "_outbox";
/** `[OUTBOX_BEFORE, ulid]`: the record before, for an intent too large for one value. */
export const OUTBOX_BEFORE = "_outbox_b";

/** KV takes 64 KiB a value: a larger intent keeps its record before in a key of its own. */
const ONE_VALUE = 60_000;

/** One record's change as committed. */
export interface Change {
  entity: string;
  entityId: string;
  /** null: created. */
  before: Doc | null;
  /** null: deleted. */
  after: Doc | null;
}

/** An outbox value: a change, a bulk commit's changes, or a parked event. */
export type Intent =
  & { actor: unknown; at: string }
  & (
    | { kind: "change"; change: Change; split?: true }
    | { kind: "changes"; changes: Change[] }
    | { kind: "event"; event: unknown }
  );

/** The writes of one request: who makes them, and the intents committed since the last event. */
export class OutboxScope {
  #keys: Deno.KvKey[] = [];
  /** The values of a bulk write's intents, by id, as written (see `known`). */
  #values = new Map<unknown, Intent>();
  /** After the request settled: later writes (a job left running) carry no intent. */
  closed = false;

  constructor(readonly actor: () => unknown) {}

  /** Remembers an intent key of a commit under way, and its value when given (a bulk write's). */
  add(key: Deno.KvKey, value?: Intent): void {
    this.#keys.push(key);
    if (value) this.#values.set(key[1], value);
  }

  /** The intent keys remembered so far and not yet covered by an event (kept). */
  pending(): readonly Deno.KvKey[] {
    return this.#keys;
  }

  /** The intent keys remembered so far, forgotten here (an event now covers them). */
  take(): Deno.KvKey[] {
    return this.#keys.splice(0);
  }

  /** The values remembered of the intents at `keys` (forgotten here), so none is read back. */
  known(keys: Deno.KvKey[]): Map<unknown, Intent> {
    const out = new Map<unknown, Intent>();
    for (const k of keys) {
      const v = this.#values.get(k[1]);
      if (v) out.set(k[1], v);
      this.#values.delete(k[1]);
    }
    return out;
  }

  /** Forgets the intents of a bulk write that failed (its rollback removes them). */
  forget(keys: Deno.KvKey[]): void {
    const ids = new Set(keys.map((k) => k[1]));
    this.#keys = this.#keys.filter((k) => !ids.has(k[1]));
    for (const id of ids) this.#values.delete(id);
  }
}

const scopes = new AsyncLocalStorage<OutboxScope>();

/** Runs `fn` with `scope` as the outbox of every write it makes. */
export function withOutbox<R>(scope: OutboxScope, fn: () => R): R {
  return scopes.run(scope, fn);
}

/** The outbox scope of the running request, if any. */
export function currentOutbox(): OutboxScope | null {
  const s = scopes.getStore();
  return s && !s.closed ? s : null;
}

/** The ops writing the intents of `changes`, in their commit (none outside a scope). */
export function intentOps(changes: Change[]): Op[] {
  const scope = currentOutbox();
  if (!scope) return [];
  const at = new Date().toISOString();
  const actor = scope.actor();
  return changes.flatMap((change) => oneIntent(scope, actor, at, change));
}

/** One change's intent (its record before in a key of its own when too large). */
function oneIntent(scope: OutboxScope, actor: unknown, at: string, change: Change): Op[] {
  const ops: Op[] = [];
  const id = newId();
  const key = [OUTBOX, id];
  const value: Intent = { actor, at, kind: "change", change };
  if (sizeOf(value) > ONE_VALUE && change.before) {
    ops.push({ kind: "set", key: [OUTBOX_BEFORE, id], value: change.before });
    value.change = { ...change, before: null };
    value.split = true;
  }
  ops.push({ kind: "set", key, value });
  scope.add(key);
  return ops;
}

/**
 * Like `intentOps` for a bulk commit: the changes packed into as few values as fit, not one key
 * per record. `sizes`: each change's `sizeOf`, if known.
 */
export function packedIntentOps(changes: Change[], sizes?: number[]): Op[] {
  const scope = currentOutbox();
  if (!scope) return [];
  const at = new Date().toISOString();
  const actor = scope.actor();
  const ops: Op[] = [];
  let pack: Change[] = [];
  let bytes = 0;
  const flush = () => {
    if (!pack.length) return;
    const key = [OUTBOX, newId()];
    const value: Intent = { actor, at, kind: "changes", changes: pack };
    ops.push({ kind: "set", key, value });
    scope.add(key, value);
    pack = [];
    bytes = 0;
  };
  changes.forEach((change, n) => {
    const size = sizes?.[n] ?? sizeOf(change);
    if (size > PACK_BYTES) {
      flush();
      ops.push(...oneIntent(scope, actor, at, change));
      return;
    }
    if (bytes + size > PACK_BYTES) flush();
    pack.push(change);
    bytes += size + 1;
  });
  flush();
  return ops;
}

/** Half a value: KV may store a letter past Latin-1 in two bytes. */
const PACK_BYTES = 28_000;
/** Packed values a commit may hold at most (a commit carries under `KV_LIMITS.bytes`). */
export const PACKS_PER_COMMIT = Math.ceil(800_000 / PACK_BYTES) + 1;

/** The intents at `keys` (null: absent), whole; those in `known` are not read. */
export async function readIntents(
  kv: Deno.Kv,
  keys: Deno.KvKey[],
  known: Map<unknown, Intent> = new Map(),
): Promise<(Intent | null)[]> {
  const out: (Intent | null)[] = [];
  const read = keys.filter((k) => !known.has(k[1]));
  const got = new Map<unknown, Intent | null>();
  for (let i = 0; i < read.length; i += 10) {
    for (const e of await kv.getMany<Intent[]>(read.slice(i, i + 10))) {
      const v = e.value;
      if (v?.kind === "change" && v.split) {
        const before = (await kv.get<Doc>([OUTBOX_BEFORE, e.key[1]])).value;
        got.set(e.key[1], { ...v, change: { ...v.change, before } });
      } else got.set(e.key[1], v);
    }
  }
  for (const k of keys) out.push(known.get(k[1]) ?? got.get(k[1]) ?? null);
  return out;
}

/** Removes intents (and their split parts), in commits under KV's limits. */
export async function dropIntents(kv: Deno.Kv, keys: Deno.KvKey[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 400) {
    const op = kv.atomic();
    for (const k of keys.slice(i, i + 400)) op.delete(k).delete([OUTBOX_BEFORE, k[1]]);
    await op.commit();
  }
}

/** The keys of every intent left in the outbox, oldest first. */
export async function outboxKeys(kv: Deno.Kv): Promise<Deno.KvKey[]> {
  const out: Deno.KvKey[] = [];
  for await (const e of kv.list({ prefix: [OUTBOX] })) out.push(e.key);
  return out;
}

/** Parks `event` in the outbox in place of the intents it covers (its append failed). */
export async function parkEvent(
  kv: Deno.Kv,
  actor: unknown,
  event: unknown,
  covered: Deno.KvKey[],
): Promise<{ key: Deno.KvKey; value: Intent }> {
  const value: Intent = { actor, at: new Date().toISOString(), kind: "event", event };
  const key = [OUTBOX, newId()];
  const op = kv.atomic().set(key, value);
  // the covered intents go in the same commit when few; else after (a crash then appends both)
  const now = covered.length <= 400 ? covered : [];
  for (const k of now) op.delete(k).delete([OUTBOX_BEFORE, k[1]]);
  if (!(await op.commit()).ok) throw new Error("Entri audit tidak dapat disimpan.");
  if (now !== covered) await dropIntents(kv, covered);
  return { key, value };
}
