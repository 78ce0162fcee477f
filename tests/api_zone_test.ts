import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { setup } from "./helpers.ts";
import { admission, type Api, refId, seedIpd } from "./ipd_fixtures.ts";

const hospitalForm = async (t: Api) => ({
  name: "RSU Uji Casemix",
  regional: await refId(t, "regional", "Regional 3"),
  hospitalClass: await refId(t, "hospital-class", "C"),
  owner: await refId(t, "owner", "Swasta"),
  type: await refId(t, "hospital-type", "Rumah Sakit Umum"),
});

/** Stays counted by an analysis answer (both halves). */
const count = (r: { body: Record<string, { data: number }> }) =>
  Object.values(r.body).reduce((n, x) => n + (x?.data ?? 0), 0);

Deno.test("time zone: a WITA hospital's times read back as entered; its days cut at WITA midnight", async () => {
  await using t = await setup();
  const w = await seedIpd(t, { timezone: "Asia/Makassar" });
  assert.equal((await t.json("/api/setting/hospital")).body.data.timezone, "Asia/Makassar");
  // 00:30 WITA on the 22nd is 23:30 WIB on the 21st
  const r = await t.post("/api/ipd/update", admission(w, { visitDate: "2026-11-22T00:30" }));
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const stay = r.body.data;
  assert.equal(stay.visitDate, "2026-11-21T16:30:00.000Z");
  // the stay's page shows the time as entered, with WITA
  const page = await t.req(`/ipd/${stay._id}`);
  const html = await page.text();
  assert.match(html, /22-11-2026 00:30/);
  assert.match(html, /data-tz="Asia\/Makassar"/);
  // the list's date filter takes the WITA day
  const q = (range: string) =>
    t.json(`/api/ipd?draw=1&start=0&length=10&dateRange=${encodeURIComponent(range)}`);
  assert.equal((await q("2026-11-22 / 2026-11-22")).body.recordsFiltered, 1);
  assert.equal((await q("2026-11-21 / 2026-11-21")).body.recordsFiltered, 0);
  // the export's date cell is WITA wall-clock time
  const res = await t.req("/api/ipd/export-ipd-data");
  const wb = XLSX.read(new Uint8Array(await res.arrayBuffer()), { cellNF: true });
  const sheet = wb.Sheets[wb.SheetNames[0]];
  const masuk = Object.keys(sheet).find((k) => sheet[k]?.v === "Tanggal Masuk")!
    .replace(/\d+$/, "2");
  assert.equal(XLSX.SSF.format("dd-mm-yyyy hh:mm", sheet[masuk].v), "22-11-2026 00:30");
  const ex = await t.json("/api/ipd/visitexamination/update", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      id: "",
      ipdId: stay._id,
      examinationDate: "2026-11-22T08:00",
      keyword: [],
      diagnosis: [w.icd["J18.9"]],
      tindakan: [],
      grouping: w.j4,
      tarif_rs: "1000000",
    }),
  });
  assert.equal(ex.status, 200, JSON.stringify(ex.body));
  // the dashboard's period is made of WITA days
  const top = (d: string) => t.json(`/api/report/analysis-tarif-info?startDate=${d}&endDate=${d}`);
  assert.equal(await count(await top("22-11-2026")), 1);
  assert.equal(await count(await top("21-11-2026")), 0);
  // the same instant in a Jakarta hospital falls on the 21st
  const profile = await hospitalForm(t);
  const back = await t.post("/api/setting/hospital", { ...profile, timezone: "Asia/Jakarta" });
  assert.equal(back.status, 200, JSON.stringify(back.body));
  assert.equal((await q("2026-11-21 / 2026-11-21")).body.recordsFiltered, 1);
  assert.match(await (await t.req(`/ipd/${stay._id}`)).text(), /21-11-2026 23:30/);
  assert.equal(await count(await top("21-11-2026")), 1);
  // a zone that is not Indonesian's is refused, naming the field
  const bad = await t.post("/api/setting/hospital", { ...profile, timezone: "Asia/Tokyo" });
  assert.equal(bad.status, 400);
  assert.match(bad.body.message, /Zona waktu/);
});
