import assert from "node:assert/strict";
import { setup, versionOf } from "./helpers.ts";
import { admission, seedIpd } from "./ipd_fixtures.ts";

type T = Awaited<ReturnType<typeof setup>>;

const page = async (t: T, path: string) => {
  const res = await t.req(path);
  return { status: res.status, html: await res.text() };
};

/** The rows of the server-rendered table body (text of each `<tr>`, tags stripped). */
const bodyRows = (html: string) =>
  [...(html.match(/<tbody>([\s\S]*?)<\/tbody>/)?.[1] ?? "").matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)]
    .map((m) => m[1].replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim());

/** A stay with one examination: INA 5,000,000 against RS 6,000,000 (-20 %). */
async function world(t: T) {
  const w = await seedIpd(t);
  const stay = (await t.post("/api/ipd/update", admission(w))).body.data;
  const r = await t.post("/api/ipd/visitexamination/update", {
    id: "",
    ipdId: stay._id,
    examinationDate: "2026-11-01T10:00",
    keyword: w.kejang,
    diagnosis: `${w.icd["J18.9"]},${w.icd["R56.8"]}`,
    tindakan: "",
    grouping: w.j4,
    tarif_rs: "6000000",
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return { w, stay };
}

Deno.test("ipd pages: the lists render their first page with the filters of the address", async () => {
  await using t = await setup();
  await world(t);
  let p = await page(t, "/ipd");
  assert.equal(p.status, 200);
  assert.match(p.html, /data-island="IpdList"/);
  assert.match(p.html, /href="\/ipd"[^>]*aria-current="page"[^>]*>Kunjungan Rawat Inap/);
  assert.match(p.html, /href="\/discharge-patient"[^>]*>Pasien Pulang/);
  const [row] = bodyRows(p.html);
  assert.match(
    row,
    /^Siti \(000123\) 01-11-2026 08:00 Terapi intravena Rp 5\.000\.000 J-4-16-I · petugas Rp 6\.000\.000 -20,00 % Melati \d+ Hari/,
  );
  assert.match(p.html, /class="pct pct-red"/);

  p = await page(t, "/ipd?analysisFilter=negative&dateRange=2026-11-01%20/%202026-11-30");
  assert.equal(bodyRows(p.html).length, 1);
  assert.match(p.html, /Analisa: negatif/);
  assert.match(p.html, /Tanggal masuk: 01-11-2026 s.d. 30-11-2026/);
  assert.match(p.html, /id="dirawat-from"[^>]*value="01-11-2026"/);
  p = await page(t, "/ipd?analysisFilter=positive");
  assert.deepEqual(bodyRows(p.html), ["Tidak ada data"]);
  p = await page(t, "/ipd?icdFilter=J18.9&statusFilter=semua");
  assert.equal(bodyRows(p.html).length, 1);
  assert.match(p.html, /ICD: J18\.9/);
  assert.match(
    p.html,
    /href="\/api\/ipd\/export-ipd-data\?icdFilter=J18\.9&amp;statusFilter=semua"/,
  );

  // a malformed filter: 400, the reason shown, an empty list that can be cleared
  p = await page(t, "/ipd?dateRange=kemarin");
  assert.equal(p.status, 400);
  assert.match(p.html, /Rentang tanggal &quot;kemarin&quot; tidak valid/);
  assert.match(p.html, /Hapus semua filter/);

  p = await page(t, "/discharge-patient");
  assert.equal(p.status, 200);
  assert.match(p.html, /data-island="DischargeList"/);
  assert.deepEqual(bodyRows(p.html), ["Tidak ada data"]);
});

Deno.test("ipd pages: a stay's examinations page, discharged list and unknown stay", async () => {
  await using t = await setup();
  const { w, stay } = await world(t);
  let p = await page(t, `/ipd/${stay._id}`);
  assert.equal(p.status, 200);
  assert.match(p.html, new RegExp(`<input type="hidden" id="ipd_id" value="${stay._id}"`));
  assert.match(p.html, /data-total="ina">Rp 5\.000\.000/);
  assert.match(p.html, /data-total="rs">Rp 6\.000\.000/);
  assert.match(p.html, /Tambah Pemeriksaan/);
  const [exam] = bodyRows(p.html);
  assert.match(exam, /^01-11-2026 10:00 Subjectif - Objectif - .* kejang Diagnosa: J18\.9/);
  assert.match(p.html, /class="chip chip-hit"[^>]*>kejang/);
  // the room's class (kelas 2) is what the examination form preselects
  assert.match(p.html, /"classtype":"second"/);

  const r = await t.post("/api/ipd/discharge-patient/update", {
    id: stay._id,
    _version: await versionOf(t, "ipd", stay._id),
    tanggal_pulang: "2026-11-04T11:30",
    dischargepatient: w.pulang,
    summary_diagnosis: w.icd["J18.9"],
    summary_tindakan: "",
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  p = await page(t, `/ipd/${stay._id}`);
  assert.doesNotMatch(p.html, /Tambah Pemeriksaan|>Pulang</);
  p = await page(t, "/discharge-patient?dateRange=2026-11-04%20/%202026-11-04");
  const [row] = bodyRows(p.html);
  assert.match(
    row,
    /^Siti \(000123\) J18\.9 - Pneumonia, unspecified - 01-11-2026 08:00 04-11-2026 11:30 /,
  );
  assert.match(row, / Melati 3 Hari /);

  p = await page(t, "/ipd/01JUNKNOWN0000000000000000");
  assert.equal(p.status, 404);
  assert.match(p.html, /Kunjungan rawat inap tidak ditemukan/);
});
