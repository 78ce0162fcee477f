import assert from "node:assert/strict";
import { setup, versionOf } from "./helpers.ts";
import { admission, postJson, seedIpd } from "./ipd_fixtures.ts";
import { visitsOf } from "../lib/ipd/stay.ts";

/**
 * A first start: the admitted list (and its page) answers from the stays' `subset` and count
 * in KV before the index has read every stay, with the answer the loaded index gives.
 */

Deno.test("ipd early list: before the stays' index loads, the admitted list answers as the index would", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const patient = async (erm: string, first_name: string) =>
    (await t.post("/api/pasien/update", {
      id: "",
      erm,
      first_name,
      gender: "P",
      tgl_lahir: "1980-01-01",
    })).body.data._id;
  const patients = [
    w.pasien,
    w.pasien2,
    await patient("000301", "Citra"),
    await patient("000302", "Dewi"),
  ];
  const stays: string[] = [];
  for (const [i, pasienId] of patients.entries()) {
    const r = await t.post(
      "/api/ipd/update",
      admission(w, { pasienId, visitDate: `2026-11-0${i + 1}T08:00` }),
    );
    assert.equal(r.status, 200, JSON.stringify(r.body));
    stays.push(r.body.data._id);
  }
  const discharge = async (id: string) => {
    const r = await postJson(t, "/api/ipd/discharge-patient/update", {
      id,
      _version: await versionOf(t, "ipd", id),
      tanggal_pulang: "2026-11-06T09:00",
      dischargepatient: w.pulang,
      summary_diagnosis: [w.icd["J18.9"]],
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  };
  await discharge(stays[1]);
  await discharge(stays[2]);
  const back = await t.json(`/api/ipd/${stays[2]}/cancel-discharge`, { method: "POST" });
  assert.equal(back.status, 200, JSON.stringify(back.body));

  const col = visitsOf(t.store);
  const queries = [
    "draw=1&start=0&length=10",
    "draw=1&start=1&length=1&order[0][column]=1&order[0][dir]=desc",
    `draw=1&start=0&length=10&search[value]=citra`,
    `draw=1&start=0&length=10&roomFilter=${w.room}&dateRange=` +
    encodeURIComponent("2026-11-03 / 2026-11-04"),
  ];
  const early: unknown[] = [];
  for (const q of queries) {
    col.reset(); // as a new process: nothing loaded
    const r = await t.json(`/api/ipd?${q}`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.ok(
      await col.early({ where: { status: "dirawat" } }),
      `${q}: answered without loading the index`,
    );
    early.push(r.body);
  }
  const first = early[0] as {
    recordsTotal: number;
    recordsFiltered: number;
    data: { _id: string }[];
  };
  assert.equal(first.recordsTotal, 4, "every stay, discharged ones included");
  assert.equal(first.recordsFiltered, 3, "admitted: the first, the cancelled discharge, the last");
  assert.deepEqual(first.data.map((d) => d._id).sort(), [stays[0], stays[2], stays[3]].sort());
  assert.equal((early[2] as { recordsFiltered: number }).recordsFiltered, 1);
  // the same answers from the loaded index
  await col.index();
  for (const [i, q] of queries.entries()) {
    assert.deepEqual((await t.json(`/api/ipd?${q}`)).body, early[i], q);
  }
  // the page renders its first rows from the same early answer
  col.reset();
  const page = await (await t.req("/ipd")).text();
  assert.ok(await col.early({ where: { status: "dirawat" } }));
  assert.match(page, /Citra/);
  // the discharged list and "all statuses" need every stay: the index loads
  const all = await t.json("/api/ipd?draw=1&start=0&length=10&statusFilter=semua");
  assert.equal(all.body.recordsFiltered, 4);
  assert.equal(await col.early({ where: { status: "dirawat" } }), null, "loaded by that request");
});
