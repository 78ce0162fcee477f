import assert from "node:assert/strict";
import { MemIndex } from "../lib/index/index.ts";
import type { Visit } from "../lib/ipd/model.ts";
import { type StayColumns, stayColumns, warmStayColumns } from "../lib/report/columns.ts";

/** The dashboard's stay columns, patched after writes, equal columns built afresh. */

function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

const CODES = ["A00", "B01.1", "C02", "J18.9", "K35"];

function stay(id: number, rnd: () => number, day = Math.floor(rnd() * 20)): Visit {
  const pick = () => CODES.filter(() => rnd() < 0.3);
  return {
    _id: `01J${String(id).padStart(23, "0")}`,
    visitDate: new Date(Date.UTC(2026, 0, 1 + day, 3)).toISOString(),
    readmisi: rnd() < 0.2,
    percentageTotal: rnd() < 0.1 ? null : Math.round(rnd() * 200 - 100),
    tarifInaTotal: Math.floor(rnd() * 1e6),
    tarifRsTotal: Math.floor(rnd() * 1e6),
    codes10: pick(),
    codes9: pick(),
  } as unknown as Visit;
}

/** The columns as plain values, codes by name (the id dictionaries differ between indexes). */
function plain(c: StayColumns) {
  const codes = (col: StayColumns["codes10"]) =>
    Array.from(
      { length: c.times.length },
      (_, i) => [...col.ids.slice(col.offsets[i], col.offsets[i + 1])].map((id) => c.names[id]),
    );
  return {
    times: [...c.times],
    readmisi: [...c.readmisi],
    pct: [...c.pct].map((x) => Number.isNaN(x) ? "NaN" : x),
    diff: [...c.diff],
    codes10: codes(c.codes10),
    codes9: codes(c.codes9),
  };
}

Deno.test("report columns: patched after each write (totals, codes, a new admission time, added and removed stays) they equal columns built afresh", () => {
  const rnd = random(5);
  const idx = new MemIndex<Visit>([]);
  const live = new Map<string, Visit>();
  for (let i = 0; i < 60; i++) {
    const v = stay(i, rnd);
    live.set(v._id, v);
    idx.put(v._id, { value: v, versionstamp: "0" });
  }
  stayColumns(idx);
  for (let step = 0; step < 400; step++) {
    const writes = 1 + Math.floor(rnd() * 3);
    for (let w = 0; w < writes; w++) {
      const n = Math.floor(rnd() * 70), id = `01J${String(n).padStart(23, "0")}`;
      const old = live.get(id);
      const r = rnd();
      let v: Visit | null;
      if (old && r < 0.05) v = null; // removed
      else if (old && r < 0.15) v = stay(n, rnd); // a new admission time
      else if (old) {
        // an examination: totals and codes change, the admission time stays
        const { visitDate } = old;
        v = { ...stay(n, rnd), visitDate };
      } else v = stay(n, rnd); // added
      if (v) live.set(id, v);
      else live.delete(id);
      idx.put(id, v && { value: v, versionstamp: String(step) });
    }
    const fresh = new MemIndex<Visit>([]);
    for (const r of idx.rows()) fresh.put(r.value._id, r);
    assert.deepEqual(plain(stayColumns(idx)), plain(stayColumns(fresh)), `step ${step}`);
  }
});

Deno.test("report columns: built in slices while stays are written, then brought up to date, they equal columns built afresh", async () => {
  const rnd = random(9);
  const idx = new MemIndex<Visit>([]);
  for (let i = 0; i < 12_000; i++) {
    const v = stay(i, rnd, Math.floor(rnd() * 400));
    idx.put(v._id, { value: v, versionstamp: "0" });
  }
  const warming = warmStayColumns(idx); // slices of 5,000, a turn between each
  for (let turn = 0; turn < 3; turn++) {
    for (let w = 0; w < 10; w++) {
      const n = Math.floor(rnd() * 12_500), id = `01J${String(n).padStart(23, "0")}`;
      const old = idx.get(id)?.value;
      // an examination (same admission time) or a new stay
      const v = old ? { ...stay(n, rnd), visitDate: old.visitDate } : stay(n, rnd, 30);
      idx.put(id, { value: v, versionstamp: `w${turn}` });
    }
    await new Promise((ok) => setTimeout(ok, 0));
  }
  const warm = await warming;
  const fresh = new MemIndex<Visit>([]);
  for (const r of idx.rows()) fresh.put(r.value._id, r);
  assert.deepEqual(plain(warm), plain(stayColumns(fresh)));
  assert.equal(stayColumns(idx), warm, "kept: the next call builds nothing");
});
