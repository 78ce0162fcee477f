import { Queue } from "./queue.ts";
import { monotonicFactory } from "ulid";
import { scrubbedJson, words } from "./record.ts";
import { TokenMemory } from "./entry_keys.ts";
import { type AuditFilter, findIds } from "./query.ts";
import { openSigner, type Point, type Signer } from "./sign.ts";
import { type Chain, HEAD, type Head, readData, type Stored } from "./chain.ts";
import { containsPoint, verifyChain, type VerifyResult } from "./verify.ts";
import { migrate } from "./migrate.ts";
import type { AuditActor, AuditEntry, AuditEvent, AuditOptions } from "./types.ts";
import {
  commitGroups,
  type HeadCache,
  MAX_BATCH,
  type Pending,
  type Prepared,
  writeGroup,
  writeGroups,
} from "./write.ts";

export { changeEvent, changesEvents, diff } from "./record.ts";
export { type AuditFilter, COUNT_CAP } from "./query.ts";
export type { AuditActor, AuditEntry, AuditEvent } from "./types.ts";

const newId = monotonicFactory();

/** The append-only, hash-chained, signed audit log in its own KV store (lib/audit/README.md). */
export class AuditLog {
  #pending: Pending[] = [];
  #flushing: Promise<void> | null = null;
  #running = false;
  /** The head as this process last wrote it (re-read when a commit finds it moved). */
  #cache: HeadCache = { head: null };
  #tokens: TokenMemory;
  #full: Promise<VerifyResult> | null = null;
  #fullWatchers = new Set<(done: number, total: number) => void>();
  #chain: Chain;
  /** Appends made after their request answered (a bulk write's): readers and `close` wait. */
  readonly later = new Queue();

  private constructor(
    readonly kv: Deno.Kv,
    signer: Signer,
    every: number,
    readonly anchorLine: (line: string) => void,
  ) {
    this.#tokens = new TokenMemory(kv);
    this.#chain = { kv, signer, every };
  }

  /** Opens the log at a KV path (a file, or `:memory:` in tests); indexes an older log first. */
  static async open(path: string, opts: AuditOptions = {}): Promise<AuditLog> {
    let keyPath: string | null = opts.keyPath ?? null;
    if (path !== ":memory:") {
      const dir = path.replace(/[\\/][^\\/]*$/, "") || ".";
      await Deno.mkdir(dir, { recursive: true });
      keyPath ??= `${dir}/audit.key`;
    }
    const log = new AuditLog(
      await Deno.openKv(path),
      await openSigner(keyPath),
      opts.checkpointEvery ?? 10_000,
      // a log in memory (tests, a demo) has nothing to anchor
      opts.anchor ?? (path === ":memory:" ? () => {} : (line) => console.log(line)),
    );
    await migrate(log.#chain, log.#tokens, (line) => log.anchorLine(line));
    const head = await log.head();
    log.anchorLine(`jejak audit dibuka: ${head.count} entri, kepala ${head.hash || "-"}`);
    return log;
  }

  /** Writes one entry without its secrets; resolves once committed. `at`: when, if not now. */
  append(actor: AuditActor, ev: AuditEvent, at?: string): Promise<void> {
    let entry: AuditEntry;
    let data: string;
    try {
      entry = {
        id: newId(),
        at: at ?? new Date().toISOString(),
        username: actor.username,
        role: actor.role,
        ip: actor.ip,
        action: ev.action,
        entity: ev.entity ?? "",
        entityId: ev.entityId ?? "",
        before: ev.before ?? null,
        after: ev.after ?? null,
      };
      // stored without secrets; the entry kept for its index keys is never stored
      data = scrubbedJson(entry);
    } catch (e) {
      return Promise.reject(e);
    }
    return new Promise((resolve, reject) => {
      this.#pending.push({ entry, data, done: (e) => e ? reject(e) : resolve() });
      if (!this.#running) {
        this.#running = true;
        this.#flushing = this.#flush();
      }
    });
  }

  async #flush(): Promise<void> {
    // `#running` drops in the same turn the queue is seen empty (no await in between), so an
    // entry added after that always starts a new flush
    try {
      let next: Promise<Prepared[]> | null = this.#prepare();
      while (next) {
        const prepared: Prepared[] = await next;
        // the next batch is indexed while this one commits (a failed one's memories: harmless)
        next = this.#pending.length ? this.#prepare() : null;
        await writeGroups(
          this.#chain,
          [...commitGroups(prepared)],
          this.#cache,
          this.anchorLine,
          (group) => group.forEach((p) => p.done()),
          (group) => this.#commitGroup(group),
        );
        if (!next && this.#pending.length) next = this.#prepare();
      }
    } finally {
      this.#running = false;
    }
  }

  /** Takes the next batch of pending entries with their index keys (failed: none). */
  async #prepare(): Promise<Prepared[]> {
    const batch = this.#pending.splice(0, MAX_BATCH);
    try {
      const ixs = await this.#tokens.indexOf(batch.map((b) => b.entry));
      return batch.map((b, i) => ({ ...b, ix: ixs[i] }));
    } catch (e) {
      for (const b of batch) b.done(e);
      return [];
    }
  }

  /** Writes a group; if its commit fails, each entry alone, so one bad entry fails alone. */
  async #commitGroup(group: Prepared[]): Promise<void> {
    try {
      await writeGroup(this.#chain, group, this.#cache, this.anchorLine);
      for (const p of group) p.done();
    } catch (e) {
      this.#tokens.forget(group.map((p) => p.ix));
      if (group.length === 1) return group[0].done(e);
      for (const p of group) await this.#commitGroup([p]);
    }
  }

  /** Number of entries. */
  async count(): Promise<number> {
    return (await this.head()).count;
  }

  /** The head: how many entries, the last one's id and hash. */
  async head(): Promise<Point> {
    await this.later.done();
    const h = (await this.kv.get<Head>(HEAD)).value;
    return { count: h?.count ?? 0, id: h?.id ?? "", hash: h?.hash ?? "" };
  }

  /** The entries of `ids`, in that order (missing ones left out). */
  async get(ids: string[]): Promise<AuditEntry[]> {
    await this.later.done();
    const out: AuditEntry[] = [];
    for (let i = 0; i < ids.length; i += 10) {
      const got = await this.kv.getMany<Stored[]>(ids.slice(i, i + 10).map((id) => ["audit", id]));
      for (const g of got) {
        if (g.value) out.push(JSON.parse(await readData(this.kv, g.key, g.value)) as AuditEntry);
      }
    }
    return out;
  }

  /**
   * Entries newest first, filtered and paged, with the log's `total` and the `filtered` count
   * (`capped` past `COUNT_CAP`); a search narrows a `CHANGES` entry to the records it names.
   */
  async list(
    f: AuditFilter,
    start: number,
    length: number,
  ): Promise<{ total: number; filtered: number; capped: boolean; rows: AuditEntry[] }> {
    const total = await this.count();
    const found = await findIds(this.kv, f, { start, length, total });
    let rows = await this.get(found.ids);
    const search = [...new Set(words(f.search ?? ""))];
    if (search.length) rows = await Promise.all(rows.map((r) => this.#narrow(r, search)));
    return { total, filtered: found.filtered, capped: found.capped, rows };
  }

  /** An entry of many records with only those `search` names (all when it names none). */
  async #narrow(e: AuditEntry, search: string[]): Promise<AuditEntry> {
    const hit = await this.#tokens.matching(e, search);
    if (!hit?.length) return e;
    return { ...e, after: hit.map((n) => (e.after as unknown[])[n]) };
  }

  /** The ids matching `f`, newest first, `chunk` at a time, at most `limit` (an export's). */
  async *ids(f: AuditFilter, limit: number, chunk = 500): AsyncGenerator<string[]> {
    await this.later.done();
    let below: string | undefined;
    while (limit > 0) {
      const length = Math.min(chunk, limit);
      const { ids } = await findIds(this.kv, f, {
        start: 0,
        length,
        total: 0,
        below,
        count: false,
      });
      if (ids.length) yield ids;
      if (ids.length < length) return;
      below = ids[ids.length - 1];
      limit -= ids.length;
    }
  }

  /**
   * Checks the chain (`verifyChain`) and writes the head to the server's log; with `earlier` (a
   * head written down before), also whether the log still contains it.
   */
  async verify(
    earlier?: { count: number; hash: string },
    opts: { full?: boolean; progress?: (done: number, total: number) => void } = {},
  ): Promise<VerifyResult> {
    await this.later.done();
    const res = await verifyChain(this.#chain, opts.full ?? false, opts.progress);
    const head = await this.head();
    this.anchorLine(
      `jejak audit: verifikasi ${opts.full ? "penuh" : "bertahap"} ${
        res.ok ? "utuh" : `RUSAK di ${res.brokenAt}`
      }; kepala ${head.count} entri, ${head.hash || "-"}`,
    );
    if (opts.full) {
      await this.kv.set(["audit_full"], { ...res, at: new Date().toISOString() });
    }
    if (!earlier) return res;
    return { ...res, contains: await containsPoint(this.#chain, earlier) };
  }

  /** A full verification as a background job (joined if running; its result kept: `lastFull`). */
  verifyFull(progress?: (done: number, total: number) => void): Promise<VerifyResult> {
    if (progress) this.#fullWatchers.add(progress);
    this.#full ??= this.verify(undefined, {
      full: true,
      progress: (d, t) => this.#fullWatchers.forEach((w) => w(d, t)),
    }).finally(() => {
      this.#full = null;
      this.#fullWatchers.clear();
    });
    return this.#full;
  }

  /** The last full verification, if any ran. */
  async lastFull(): Promise<(VerifyResult & { at: string }) | null> {
    return (await this.kv.get<VerifyResult & { at: string }>(["audit_full"])).value;
  }

  /** The last 14 daily heads written to the server's log, newest first. */
  async anchors(): Promise<{ day: string; count: number; hash: string }[]> {
    const it = this.kv.list<{ count: number; hash: string }>({ prefix: ["audit_anchor"] }, {
      reverse: true,
      limit: 14,
    });
    return (await Array.fromAsync(it)).map((e) => ({ day: String(e.key[1]), ...e.value }));
  }

  /** Waits for pending writes, then closes the store. */
  async close(): Promise<void> {
    await this.later.done();
    await this.#flushing;
    await this.#full?.catch(() => {});
    this.kv.close();
  }
}
