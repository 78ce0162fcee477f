import { applyOps, KV_LIMITS, type Op } from "./batch.ts";
import { lockedError } from "./journal.ts";
import { tallyError, tallyOps } from "./tally.ts";
import type { Check, Collection, Staged } from "./collection.ts";
import { AppError, badRequest, conflict, STALE_MESSAGE } from "../errors.ts";
import type { Doc, Row } from "../index/index.ts";

/** One atomic commit over records of several collections (a stay and its examinations). */
export class Tx {
  #parts = new Map<Collection, Staged[]>();
  #checks: Op[] = [];

  constructor(private kv: Deno.Kv) {}

  #add<T extends Doc>(col: Collection<T>, st: Staged<T>): void {
    const list = this.#parts.get(col as unknown as Collection) ?? [];
    list.push(st as unknown as Staged);
    this.#parts.set(col as unknown as Collection, list);
  }

  /** Writes `data` as record `id` over `cur` (null: new). See `Collection.stagePut`. */
  put<T extends Doc>(
    col: Collection<T>,
    id: string,
    data: Omit<T, "_id">,
    cur: Row<T> | null,
    opts: { checks?: Check[]; check?: boolean } = {},
  ): T {
    const st = col.stagePut(id, data, cur, opts);
    this.#add(col, st);
    return st.doc!;
  }

  /** Deletes record `cur`. */
  remove<T extends Doc>(col: Collection<T>, cur: Row<T>, opts: { check?: boolean } = {}): void {
    this.#add(col, col.stageRemove(cur, opts));
  }

  /** Adds a versionstamp check on any key. */
  check(c: Check): void {
    this.#checks.push({ kind: "check", ...c });
  }

  /** Commits everything; 409 with the most telling reason when a check failed. */
  async commit(): Promise<string> {
    const ops: Op[] = [...this.#checks];
    const done: ((vs: string) => void)[] = [];
    for (const [col, staged] of this.#parts) {
      const fin = col.finish(staged);
      const delta = staged.reduce((a, s) => a + s.delta, 0);
      ops.push(...staged.flatMap((s) => s.ops), ...await tallyOps(col, delta), ...fin.ops);
      done.push(fin.applied);
    }
    const mutations = ops.filter((o) => o.kind !== "check").length;
    if (mutations > KV_LIMITS.mutations || ops.length - mutations > KV_LIMITS.checks) {
      throw badRequest("Perubahan ini terlalu besar untuk disimpan sekaligus.");
    }
    const res = await applyOps(this.kv.atomic(), ops).commit();
    if (!res.ok) {
      const locked = await lockedError(this.kv, ops);
      if (locked) throw locked;
      for (const [col, staged] of this.#parts) {
        const short = await tallyError(col, staged.reduce((a, s) => a + s.delta, 0));
        if (short) throw short;
        for (const s of staged) {
          const e = await s.why();
          if (e instanceof AppError && e.message !== STALE_MESSAGE) throw e;
        }
      }
      throw conflict(STALE_MESSAGE);
    }
    for (const f of done) f(res.versionstamp);
    return res.versionstamp;
  }
}
