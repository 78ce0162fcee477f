/**
 * Lists that carry patient or stay records are audited over real HTTP, folded per user, list
 * and minute: one entry with the requests, the rows sent and the searches made, so typing a name
 * into a picker writes one entry, not one per keystroke.
 */
import assert from "node:assert/strict";
import { auditFold } from "../lib/http/folded.ts";
import { visitDoc, writeVisits } from "./visits.ts";
import { dtQuery, served } from "./helpers.ts";

type S = Awaited<ReturnType<typeof served>>;

/** Runs `fn` with `Date.now` stopped in the middle of a minute (one minute's fold). */
async function inOneMinute<T>(fn: () => Promise<T>): Promise<T> {
  const real = Date.now;
  const fixed = Math.floor(real() / 60_000) * 60_000 + 30_000;
  Date.now = () => fixed;
  try {
    return await fn();
  } finally {
    Date.now = real;
  }
}

/** The `list` entries as [username, entity, after without its minute], sorted by list. */
async function lists(s: S) {
  const rows = (await s.audit.list({ action: "list" }, 0, 1000)).rows;
  return rows.map((r) => {
    const { minute: _, ...after } = r.after as { minute: string; list: string };
    return [r.username, r.entity, after] as const;
  }).sort((a, b) => a[2].list < b[2].list ? -1 : 1);
}

Deno.test("list reads of patients, stays and claims: one entry per user, list and minute", async () => {
  await using s = await served();
  for (const [erm, first_name] of [["000101", "Budi"], ["000102", "Budiman"], ["000103", "Siti"]]) {
    const r = await s.post("/api/pasien/update", {
      id: "",
      erm,
      first_name,
      gender: "L",
      tgl_lahir: "1980-01-01",
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  await writeVisits(s.store, [
    visitDoc("2026-11-01T08:00:00.000Z"),
    visitDoc("2026-10-01T08:00:00.000Z", {
      status: "pulang",
      tanggal_pulang: "2026-10-05T08:00:00.000Z",
    }),
  ]);
  const viewer = await s.as("viewer", "pimpinan");
  const get = async (path: string) => {
    const r = await s.http(path, { headers: { cookie: viewer.cookie } });
    assert.equal(r.status, 200, path);
    return await r.text();
  };
  await inOneMinute(async () => {
    // the whole patient list in one request, then a name typed into the picker
    await get(`/api/pasien?${dtQuery(["erm", "fullname"], { length: 1000 })}`);
    for (const q of ["b", "bu", "bud", "budi"]) await get(`/api/pasien/select2?q=${q}`);
    await get(`/api/pasien?${dtQuery(["erm", "fullname"], { search: "siti" })}`);
    await get("/api/ipd?draw=1&start=0&length=10");
    await get("/api/ipd/discharge-patient?draw=1&start=0&length=10");
    await get("/api/klaim?draw=1&start=0&length=10");
    // a master list without patients is not audited
    await get("/api/province");
    assert.deepEqual(await lists(s), [], "written once the minute is over");
  });
  await auditFold.flush();
  assert.deepEqual(await lists(s), [
    ["pimpinan", "ipd", { list: "/api/ipd", requests: 1, rows: 1, searches: [] }],
    ["pimpinan", "ipd", { list: "/api/ipd/discharge-patient", requests: 1, rows: 1, searches: [] }],
    ["pimpinan", "klaim", { list: "/api/klaim", requests: 1, rows: 1, searches: [] }],
    ["pimpinan", "pasien", { list: "/api/pasien", requests: 2, rows: 4, searches: ["siti"] }],
    // b, bu, bud: 2 rows each, budi: 2 (Budi, Budiman); the prefixes typed on the way are kept
    // as the longest search
    ["pimpinan", "pasien", {
      list: "/api/pasien/select2",
      requests: 4,
      rows: 8,
      searches: ["budi"],
    }],
  ]);
  const entry = (await s.audit.list({ action: "list" }, 0, 1)).rows[0];
  assert.deepEqual([entry.role, entry.ip], ["viewer", "127.0.0.1"]);
});

Deno.test("list pages render their first rows: audited as the list they show", async () => {
  await using s = await served();
  await writeVisits(s.store, [visitDoc("2026-11-01T08:00:00.000Z")]);
  const r = await s.post("/api/pasien/update", {
    id: "",
    erm: "000201",
    first_name: "Rahma",
    gender: "P",
    tgl_lahir: "1985-02-03",
  });
  assert.equal(r.status, 200);
  await inOneMinute(async () => {
    for (const path of ["/pasien", "/ipd", "/discharge-patient", "/klaim"]) {
      const res = await s.http(path, { headers: { cookie: s.cookie } });
      assert.equal(res.status, 200, path);
      await res.body?.cancel();
    }
  });
  await auditFold.flush();
  assert.deepEqual(await lists(s), [
    ["admin", "ipd", { list: "/discharge-patient", requests: 1, rows: 0, searches: [] }],
    ["admin", "ipd", { list: "/ipd", requests: 1, rows: 1, searches: [] }],
    ["admin", "klaim", { list: "/klaim", requests: 1, rows: 0, searches: [] }],
    ["admin", "pasien", { list: "/pasien", requests: 1, rows: 1, searches: [] }],
  ]);
});
