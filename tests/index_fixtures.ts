/** The test index and its row-by-row oracle, `naive`, for the lib/index tests. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { type Doc, MemIndex, type Query } from "../lib/index/index.ts";
import { readSnapshot, snapshotParts, writeSnapshot } from "../lib/index/snapshot.ts";
import { tempDir } from "./helpers.ts";

/** The searched fields of the test index. */
export const SEARCH = ["name", "room.name", "code"];
/** A test record: a name, a room, a status, a total and a code. */
export type Rec = Doc & {
  name: string;
  room: { _id: string; name: string };
  status: string;
  total: number | null;
  code: string;
};

/** The numbers numeric filters test: the total (NaN when none) and 1 while admitted. */
export const derive = (d: Rec) => [d.total ?? NaN, d.status === "dirawat" ? 1 : 0];

/** A fresh index holding the same rows, in the same insertion order. */
export function fresh(idx: MemIndex<Rec>): MemIndex<Rec> {
  const f = new MemIndex<Rec>(SEARCH, derive);
  for (const r of idx.rows()) f.put(r.value._id, r);
  return f;
}

/** The ids of rows, in order. */
export const ids = (rows: { value: Doc }[]) => rows.map((r) => r.value._id);

/** Asserts the index answers `q` as a fresh index over the same rows does. */
export function same(idx: MemIndex<Rec>, q: Query, what: string) {
  const a = idx.query(q), b = fresh(idx).query(q);
  assert.deepEqual(
    { total: a.total, filtered: a.filtered, rows: ids(a.rows) },
    { total: b.total, filtered: b.filtered, rows: ids(b.rows) },
    `${what}: ${JSON.stringify(q)}`,
  );
}

/** A test record. */
export function rec(
  id: string,
  name: string,
  room: string,
  status: string,
  total: number | null,
): Rec {
  return {
    _id: id,
    name,
    room: { _id: room, name: `Ruang ${room}` },
    status,
    total,
    code: `K${id}`,
  };
}

/** Puts `r` (null: removes `id`). */
export const put = (idx: MemIndex<Rec>, r: Rec | null, id = r?._id ?? "") =>
  idx.put(id, r && { value: r, versionstamp: "v" });

/** The answer worked out the slow way: every row filtered, searched, sorted and paged. */
export function naive(idx: MemIndex<Rec>, q: Query) {
  const get = (o: unknown, path: string) =>
    path.split(".").reduce((v: any, p) => v == null ? undefined : v[p], o);
  const key = (v: unknown) =>
    typeof v === "number" ? (Number.isNaN(v) ? "" : v) : v == null ? "" : String(v).toLowerCase();
  const rank = (k: string | number) => k === "" ? 0 : typeof k === "number" ? 1 : 2;
  const s = q.search?.trim().toLowerCase() ?? "";
  const fields = (q.searchFields ?? SEARCH).filter((f) => SEARCH.includes(f));
  const all = idx.rows();
  const every = !fields.length || fields.length === SEARCH.length;
  const hit = (v: Rec) => {
    const texts = (every ? SEARCH : fields).map((f) => String(get(v, f) ?? "").toLowerCase());
    return every ? texts.join("\u0001").includes(s) : texts.some((t) => t.includes(s));
  };
  const list = all.filter(({ value: v }) =>
    Object.entries(q.where ?? {}).every(([f, x]) => String(get(v, f) ?? "") === x) &&
    (!q.filter || q.filter(v)) && (!s || hit(v)) &&
    (!q.numeric || q.numeric(derive(v).map((x) => Float64Array.of(x)), 0))
  );
  const order = q.order ?? [];
  const sorted = order.length
    ? list.sort((a, b) => {
      for (const o of order) {
        const x = key(get(a.value, o.field)), y = key(get(b.value, o.field));
        const c = rank(x) - rank(y) || (x < y ? -1 : x > y ? 1 : 0);
        if (c) return o.dir === "desc" ? -c : c;
      }
      return a.value._id < b.value._id ? -1 : 1;
    })
    : list;
  const start = q.start ?? 0;
  const end = q.length == null ? undefined : start + q.length;
  return { total: all.length, filtered: sorted.length, rows: ids(sorted.slice(start, end)) };
}

/** A small deterministic random source (so a failure can be replayed). */
export function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

/**
 * Restores `into` from a snapshot of `from` written to a file and read back as a restart does
 * (every block parsed before it returns).
 */
export async function throughSnapshot<T extends Doc>(
  from: MemIndex<T>,
  into: MemIndex<T>,
  share: string[] = [],
): Promise<void> {
  await using tmp = await tempDir();
  const path = join(tmp.path, "uji.snap");
  const meta = { name: "uji", sig: "s", count: "1", syncedAt: 0, rows: from.size, share };
  await writeSnapshot(path, await snapshotParts(meta, from.dump()));
  const lazy = into.restore((await readSnapshot(path))!, (e) => {
    throw e;
  });
  assert.ok(await lazy.settle(() => Promise.resolve()));
}
