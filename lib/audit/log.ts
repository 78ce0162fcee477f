import { encodeTime, monotonicFactory } from "ulid";

/** What happened: the action, on which record, and the values before and after. */
export interface AuditEvent {
  /** e.g. `login`, `login_failed`, `create`, `update`, `delete`, `restore`, `export`. */
  action: string;
  /** The collection or screen: `user`, `ipd`, `ipd-detail`, `db-backup`, `setting`… */
  entity?: string;
  entityId?: string;
  /** Changed fields as they were (a delete: the whole record). */
  before?: unknown;
  /** Changed fields as they became (a create: the whole record; an export: filters, rows). */
  after?: unknown;
}

/** Who did it, from where. */
export interface AuditActor {
  username: string;
  role: string;
  ip: string;
}

/** One entry of the log, as listed. */
export interface AuditEntry extends AuditEvent, AuditActor {
  id: string;
  /** ISO time. */
  at: string;
}

/** A stored entry: its JSON (hashed), the previous entry's hash and its own. */
interface Stored {
  prev: string;
  hash: string;
  /** The entry's JSON, or its first part when `parts` > 1 (KV values stay under 64 KiB). */
  data: string;
  parts?: number;
}

interface Pending {
  entry: AuditEntry;
  done: (e?: unknown) => void;
}

interface Head {
  id: string;
  hash: string;
  count: number;
}

/** Filters of the list: username (any case), action, entity; time range in ms (from ≤ at < to). */
export interface AuditFilter {
  username?: string;
  action?: string;
  entity?: string;
  from?: number;
  to?: number;
  search?: string;
}

const PART = 20_000;
const MAX_BATCH = 200;
const MAX_BATCH_CHARS = 300_000;
const HEAD: Deno.KvKey = ["audit_head"];
const enc = new TextEncoder();
const newId = monotonicFactory();

async function sha256(text: string): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", enc.encode(text)));
  return Array.from(d, (b) => b.toString(16).padStart(2, "0")).join("");
}

const chainHash = (prev: string, data: string) => sha256(`${prev}\n${data}`);

/** Field names never written to the log, wherever they appear. */
const SECRET = /password|token|secret/i;

/** A JSON-safe copy without secrets (password hashes, tokens). */
export function scrub(v: unknown): unknown {
  if (v == null) return v;
  return JSON.parse(JSON.stringify(v, (k, x) => {
    if (k && SECRET.test(k)) return undefined;
    return typeof x === "bigint" ? x.toString() : x;
  }));
}

/**
 * The fields that differ between two records: `{before, after}` with only those fields, or
 * null when nothing changed (`_id` and fields starting with `_` are ignored).
 */
export function diff(
  old: Record<string, unknown>,
  now: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const k of new Set([...Object.keys(old), ...Object.keys(now)])) {
    if (k.startsWith("_") || SECRET.test(k)) continue;
    if (JSON.stringify(old[k]) !== JSON.stringify(now[k])) {
      before[k] = old[k];
      after[k] = now[k];
    }
  }
  return Object.keys(after).length ? { before, after } : null;
}

/**
 * The append-only, hash-chained audit log, in its own KV store (a restore of the database
 * never touches it). Each entry carries the SHA-256 of the previous one; `verify` walks the
 * chain. Entries arriving together are written in one commit (group commit), in order.
 */
export class AuditLog {
  #pending: Pending[] = [];
  #flushing: Promise<void> | null = null;
  #running = false;
  /** The head as this process last wrote it (re-read when a commit finds it moved). */
  #head: { value: Head | null; versionstamp: string | null } | null = null;

  private constructor(readonly kv: Deno.Kv, readonly path: string) {}

  /** Opens the log at a KV path (a file, or `:memory:` in tests). */
  static async open(path: string): Promise<AuditLog> {
    if (path !== ":memory:") {
      await Deno.mkdir(path.replace(/[\\/][^\\/]*$/, "") || ".", { recursive: true });
    }
    return new AuditLog(await Deno.openKv(path), path);
  }

  /** Writes one entry; resolves once it is committed. Secrets are removed first. */
  append(actor: AuditActor, ev: AuditEvent): Promise<void> {
    const entry: AuditEntry = {
      id: newId(),
      at: new Date().toISOString(),
      username: actor.username,
      role: actor.role,
      ip: actor.ip,
      action: ev.action,
      entity: ev.entity ?? "",
      entityId: ev.entityId ?? "",
      before: scrub(ev.before) ?? null,
      after: scrub(ev.after) ?? null,
    };
    return new Promise((resolve, reject) => {
      this.#pending.push({ entry, done: (e) => e ? reject(e) : resolve() });
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
      while (this.#pending.length) {
        const batch: Pending[] = [];
        let chars = 0;
        while (this.#pending.length && batch.length < MAX_BATCH && chars < MAX_BATCH_CHARS) {
          const next = this.#pending.shift()!;
          chars += JSON.stringify(next.entry).length;
          batch.push(next);
        }
        try {
          await this.#write(batch.map((b) => b.entry));
          for (const b of batch) b.done();
        } catch (e) {
          for (const b of batch) b.done(e);
        }
      }
    } finally {
      this.#running = false;
    }
  }

  async #write(entries: AuditEntry[]): Promise<void> {
    const datas = entries.map((e) => JSON.stringify(e));
    for (let attempt = 0; attempt < 20; attempt++) {
      const head = attempt === 0 && this.#head ? this.#head : await this.kv.get<Head>(HEAD);
      let prev = head.value?.hash ?? "";
      const op = this.kv.atomic().check({ key: HEAD, versionstamp: head.versionstamp });
      for (let i = 0; i < entries.length; i++) {
        const data = datas[i];
        const hash = await chainHash(prev, data);
        const parts = Math.ceil(data.length / PART) || 1;
        const value: Stored = { prev, hash, data: data.slice(0, PART) };
        if (parts > 1) value.parts = parts;
        op.set(["audit", entries[i].id], value);
        for (let p = 1; p < parts; p++) {
          op.set(["audit_part", entries[i].id, p], data.slice(p * PART, (p + 1) * PART));
        }
        prev = hash;
      }
      const next: Head = {
        id: entries.at(-1)!.id,
        hash: prev,
        count: (head.value?.count ?? 0) + entries.length,
      };
      op.set(HEAD, next);
      const res = await op.commit();
      if (res.ok) {
        this.#head = { value: next, versionstamp: res.versionstamp };
        return;
      }
      this.#head = null;
    }
    throw new Error("Jejak audit tidak dapat ditulis (terlalu banyak penulisan bersamaan).");
  }

  async #data(key: Deno.KvKey, v: Stored): Promise<string> {
    if (!v.parts) return v.data;
    let data = v.data;
    for (let p = 1; p < v.parts; p++) {
      data += (await this.kv.get<string>(["audit_part", key[1] as string, p])).value ?? "";
    }
    return data;
  }

  /** Number of entries. */
  async count(): Promise<number> {
    return (await this.kv.get<Head>(HEAD)).value?.count ?? 0;
  }

  /**
   * Entries newest first, filtered, `start`/`length` paged: `total` entries in the log and
   * `filtered` matching. A time range limits the keys read.
   */
  async list(
    f: AuditFilter,
    start: number,
    length: number,
  ): Promise<{ total: number; filtered: number; rows: AuditEntry[] }> {
    const total = await this.count();
    const selector: Deno.KvListSelector = {
      start: ["audit", f.from ? encodeTime(f.from, 10) : ""],
      end: ["audit", f.to ? encodeTime(f.to, 10) : "\uffff"],
    };
    const search = f.search?.trim().toLowerCase();
    const rows: AuditEntry[] = [];
    let filtered = 0;
    for await (const e of this.kv.list<Stored>(selector, { reverse: true, batchSize: 500 })) {
      const entry = JSON.parse(await this.#data(e.key, e.value)) as AuditEntry;
      if (f.username && entry.username.toLowerCase() !== f.username.toLowerCase()) continue;
      if (f.action && entry.action !== f.action) continue;
      if (f.entity && entry.entity !== f.entity) continue;
      if (
        search &&
        ![entry.username, entry.action, entry.entity, entry.entityId, entry.ip]
          .some((s) => String(s ?? "").toLowerCase().includes(search))
      ) continue;
      if (filtered >= start && rows.length < length) rows.push(entry);
      filtered++;
    }
    return { total, filtered, rows };
  }

  /**
   * Walks the chain from the first entry: `ok` when every entry's hash matches its content and
   * the previous hash, and the head names the last one; else `brokenAt` is the id of the first
   * entry that does not (or `"head"` when entries were removed from the end).
   */
  async verify(): Promise<{ ok: boolean; count: number; brokenAt: string | null }> {
    let prev = "";
    let count = 0;
    let lastId = "";
    for await (const e of this.kv.list<Stored>({ prefix: ["audit"] }, { batchSize: 500 })) {
      const id = String(e.key[1]);
      const v = e.value;
      const data = await this.#data(e.key, v);
      let sameId = false;
      try {
        sameId = (JSON.parse(data) as AuditEntry).id === id;
      } catch { /* broken below */ }
      if (!sameId || v.prev !== prev || v.hash !== await chainHash(prev, data)) {
        return { ok: false, count, brokenAt: id };
      }
      prev = v.hash;
      lastId = id;
      count++;
    }
    const head = (await this.kv.get<Head>(HEAD)).value;
    if (
      (head?.hash ?? "") !== prev || (head?.count ?? 0) !== count || (head?.id ?? "") !== lastId
    ) {
      return { ok: false, count, brokenAt: "head" };
    }
    return { ok: true, count, brokenAt: null };
  }

  /** Waits for pending writes, then closes the store. */
  async close(): Promise<void> {
    await this.#flushing;
    this.kv.close();
  }
}
