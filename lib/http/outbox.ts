import {
  type AuditActor,
  type AuditEvent,
  type AuditLog,
  changeEvent,
  changesEvents,
} from "../audit/log.ts";
import {
  type Change,
  currentOutbox,
  dropIntents,
  type Intent,
  outboxKeys,
  type OutboxScope,
  parkEvent,
  readIntents,
} from "../db/outbox.ts";

/** The audit events an outbox value stands for (none: a change the log does not show). */
function eventsOf(it: Intent): AuditEvent[] {
  if (it.kind === "event") return [it.event as AuditEvent];
  if (it.kind === "changes") return changesEvents(it.changes);
  const c = it.change;
  const ev = changeEvent(c.entity, c.entityId, c.before, c.after);
  return ev ? [ev] : [];
}

/** Outbox values read, and appended, at a time (two such chunks in flight). */
const CHUNK = 100;

/** Intents `from` to `to` (exclusive) of a chunk, appended as `events` by `it`'s actor at its time. */
interface Run {
  from: number;
  to: number;
  it: Intent | null;
  events: AuditEvent[];
}

/** A chunk's intents in runs: one commit's consecutive packed values share entries. */
function runsOf(found: (Intent | null)[]): Run[] {
  const runs: Run[] = [];
  const who = (it: Intent) => `${it.at}\u0000${JSON.stringify(it.actor)}`;
  for (let from = 0; from < found.length;) {
    const it = found[from];
    let to = from + 1;
    if (it?.kind === "changes") {
      const changes = [...it.changes], w = who(it);
      for (let next = found[to]; next?.kind === "changes" && who(next) === w; next = found[++to]) {
        changes.push(...next.changes);
      }
      runs.push({ from, to, it, events: changesEvents(changes) });
    } else runs.push({ from, to, it, events: it ? eventsOf(it) : [] });
    from = to;
  }
  return runs;
}

/** Moves the values at `keys` to the log in order; one whose append fails stays, never lost. */
async function moveIntents(
  kv: Deno.Kv,
  log: AuditLog,
  keys: Deno.KvKey[],
  known?: Map<unknown, Intent>,
): Promise<number> {
  let moved = 0;
  const finish = async (chunk: Deno.KvKey[], runs: Run[], appends: Promise<unknown>[][]) => {
    const done: Deno.KvKey[] = [];
    for (const [n, all] of appends.entries()) {
      const failed = (await Promise.allSettled(all)).find((r) => r.status === "rejected");
      if (failed) {
        console.error("Entri audit tetap di outbox (jejak audit gagal ditulis):", failed.reason);
        continue;
      }
      moved += all.length;
      done.push(...chunk.slice(runs[n].from, runs[n].to));
    }
    await dropIntents(kv, done);
  };
  // the next chunk is read while the last one is appended
  let last: Promise<void> = Promise.resolve();
  for (let i = 0; i < keys.length; i += CHUNK) {
    const chunk = keys.slice(i, i + CHUNK);
    const runs = runsOf(await readIntents(kv, chunk, known));
    await last;
    // appended without a wait between, so the log keeps their order (group commits)
    const appends = runs.map(({ it, events }) =>
      events.map((ev) => log.append(it!.actor as AuditActor, ev, it!.at))
    );
    last = finish(chunk, runs, appends);
  }
  await last;
  return moved;
}

/** `moveIntents`; what fails to move stays in the outbox, for the next drain. */
const moveOrLeave = (kv: Deno.Kv, log: AuditLog, keys: Deno.KvKey[], known: Map<unknown, Intent>) =>
  moveIntents(kv, log, keys, known).catch((e) =>
    console.error("Outbox audit ditulis saat start berikutnya:", e)
  );

/** At start, before serving: appends what the outbox still holds, oldest first, and removes it. */
export async function drainOutbox(kv: Deno.Kv, log: AuditLog): Promise<number> {
  // what this process moves later is not drained twice
  await log.later.done();
  const n = await moveIntents(kv, log, await outboxKeys(kv));
  if (n) console.log(`Jejak audit: ${n} entri dari outbox ditulis saat start.`);
  return n;
}

/** Bulk writes' entries being moved in the background (see `recordEvent`). */
const moving = new Set<Promise<void>>();

/** Resolves once the bulk writes' entries moving in the background are appended (a stop waits). */
export async function movesDone(): Promise<void> {
  while (moving.size) await Promise.all(moving);
}

/** Appends `ev` for the request, covering its commits' intents (`changes`: an import's, first). */
export async function recordEvent(
  kv: Deno.Kv,
  log: AuditLog,
  actor: AuditActor,
  ev: AuditEvent,
  opts: { changes?: boolean } = {},
): Promise<void> {
  const scope = currentOutbox();
  if (opts.changes && scope) {
    const keys = scope.take();
    const known = scope.known(keys);
    const parked = await parkEvent(kv, actor, ev, []).catch(() => null);
    if (parked) {
      known.set(parked.key[1], parked.value);
      const moved = log.later.add(() => moveOrLeave(kv, log, [...keys, parked.key], known));
      moving.add(moved);
      moved.then(() => moving.delete(moved));
      return;
    }
    await moveOrLeave(kv, log, keys, known);
  }
  const covered = scope?.take() ?? [];
  try {
    await log.append(actor, ev);
  } catch (e) {
    console.error("Entri audit disimpan di outbox (jejak audit gagal ditulis):", e);
    await parkEvent(kv, actor, ev, covered).catch(() => {
      throw e;
    });
    return;
  }
  if (covered.length) {
    await dropIntents(kv, covered).catch((e) => console.error("Outbox audit tidak terhapus:", e));
  }
}

/** At a request's end: the intents no event covered (it failed after a commit) become entries. */
export async function settleOutbox(kv: Deno.Kv, log: AuditLog, scope: OutboxScope) {
  scope.closed = true;
  const left = scope.take();
  if (left.length) await moveOrLeave(kv, log, left, scope.known(left));
}

/** Appends `ev` outside any request (no intents covered); a failed append parks it. */
export async function appendDetached(
  kv: Deno.Kv,
  log: AuditLog,
  actor: AuditActor,
  ev: AuditEvent,
): Promise<void> {
  try {
    await log.append(actor, ev);
  } catch (e) {
    console.error("Entri audit disimpan di outbox (jejak audit gagal ditulis):", e);
    await parkEvent(kv, actor, ev, []);
  }
}

/** What the request's unaudited commits did to one record (from its intents), or null. */
export async function committedChange(
  kv: Deno.Kv,
  entity: string,
  entityId: string,
): Promise<Change | null> {
  const keys = currentOutbox()?.pending() ?? [];
  const found = (await readIntents(kv, [...keys])).flatMap((it) =>
    it?.kind === "change" && it.change.entity === entity && it.change.entityId === entityId
      ? [it.change]
      : []
  );
  if (!found.length) return null;
  return { entity, entityId, before: found[0].before, after: found.at(-1)!.after };
}
