import assert from "node:assert/strict";
import { setup, versionOf } from "./helpers.ts";
import { admission, seedIpd } from "./ipd_fixtures.ts";

/**
 * A deleted stay no longer makes the next one a readmission (issue 26 item 5); a discharge is
 * capped like admission and examination dates (item 9).
 */

type T = Awaited<ReturnType<typeof setup>>;
type W = Awaited<ReturnType<typeof seedIpd>>;

const postJson = (t: T, path: string, body: unknown) =>
  t.json(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

/** Admits `pasien` at `visitDate` and, with `out`, discharges the stay then. */
async function stay(t: T, w: W, visitDate: string, out?: string, reason = "") {
  const r = await t.post(
    "/api/ipd/update",
    admission(w, { visitDate, readmisi_reason: reason }),
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const id = r.body.data._id as string;
  if (out) {
    const d = await postJson(t, "/api/ipd/discharge-patient/update", {
      id,
      _version: await versionOf(t, "ipd", id),
      tanggal_pulang: out,
      dischargepatient: w.pulang,
      confirm_no_diagnosis: "1",
    });
    assert.equal(d.status, 200, JSON.stringify(d.body));
  }
  return r.body.data as { _id: string; readmisi: boolean };
}

const get = async (t: T, id: string) => (await t.json(`/api/ipd/${id}`)).body.data;
const readmissions = async (t: T) =>
  (await t.json("/api/ipd?readmisiFilter=1&statusFilter=semua")).body.recordsFiltered;

Deno.test("readmission: deleting the previous stay clears the next stay's flag and reason", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const a = await stay(t, w, "2026-09-01T08:00", "2026-09-05T10:00");
  const b = await stay(t, w, "2026-10-01T08:00", "2026-10-10T10:00", "none"); // 26 days after a
  const c = await stay(t, w, "2026-10-20T08:00", undefined, "kambuh"); // 10 days after b
  assert.equal(b.readmisi, true);
  assert.equal(c.readmisi, true);
  assert.equal(await readmissions(t), 2);

  // without b, c comes 45 days after a: not a readmission any more
  const r = await t.json(`/api/ipd/${b._id}`, { method: "DELETE" });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const after = await get(t, c._id);
  assert.deepEqual([after.readmisi, after.readmisi_reason], [false, ""]);
  assert.equal((await get(t, a._id)).readmisi, false);
  assert.equal(await readmissions(t), 0);
  // the change to c is in the audit log
  const log = await t.json(`/api/audit?length=50`);
  assert.equal(log.status, 200, JSON.stringify(log.body));
  const rows = JSON.stringify(log.body.data);
  assert.ok(rows.includes(c._id), "c's recomputed flag is audited");
});

Deno.test("readmission: deleting a stay in between keeps a flag still true, with its reason", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  await stay(t, w, "2026-10-01T08:00", "2026-10-05T10:00");
  const b = await stay(t, w, "2026-10-10T08:00", "2026-10-15T10:00", "terencana");
  const c = await stay(t, w, "2026-10-25T08:00", undefined, "komplikasi");
  const before = await versionOf(t, "ipd", c._id);
  assert.equal((await t.json(`/api/ipd/${b._id}`, { method: "DELETE" })).status, 200);
  const after = await get(t, c._id);
  assert.deepEqual([after.readmisi, after.readmisi_reason], [true, "komplikasi"]);
  assert.equal(await versionOf(t, "ipd", c._id), before, "left untouched");
});

Deno.test("discharge: at most an hour past the clock (WITA hospital), 400 at tanggal_pulang; the stay stays open", async () => {
  await using t = await setup();
  const w = await seedIpd(t, { timezone: "Asia/Makassar" });
  const minute = 60_000;
  // the form's local time in WITA (UTC+8), written by hand
  const wita = (ms: number) =>
    new Date(Date.now() + ms + 8 * 60 * minute).toISOString().slice(0, 16);
  const s = await stay(t, w, wita(-2 * 1440 * minute));
  const discharge = async (tanggal_pulang: string) =>
    await postJson(t, "/api/ipd/discharge-patient/update", {
      id: s._id,
      _version: await versionOf(t, "ipd", s._id),
      tanggal_pulang,
      dischargepatient: w.pulang,
      confirm_no_diagnosis: "1",
    });
  // 17 hours ahead (the clerk's case), 2 hours, and 62 minutes
  for (const ahead of [17 * 60, 120, 62]) {
    const r = await discharge(wita(ahead * minute));
    assert.equal(r.status, 400, `${ahead} menit: ${JSON.stringify(r.body)}`);
    assert.equal(r.body.field, "tanggal_pulang");
    const shown = wita(ahead * minute).replace(/^(\d{4})-(\d\d)-(\d\d)T/, "$3-$2-$1 ");
    assert.match(
      r.body.message,
      new RegExp(`^Tanggal pulang \\(${shown} WITA\\) lebih dari 1 jam`),
    );
    const v = await get(t, s._id);
    assert.deepEqual([v.status, v.tanggal_pulang], ["dirawat", null]);
  }
  assert.equal((await t.json("/api/ipd")).body.recordsFiltered, 1);
  // a clock 50 minutes behind the ward's is still a discharge
  const r = await discharge(wita(50 * minute));
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal((await get(t, s._id)).status, "pulang");
});

Deno.test("discharge: no primary diagnosis is refused at summary_diagnosis unless confirmed (confirm_no_diagnosis=1)", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const s = await stay(t, w, "2026-11-01T08:00");
  const form = {
    id: s._id,
    tanggal_pulang: "2026-11-03T10:00",
    dischargepatient: w.pulang,
    summary_tindakan: [w.icd["93.96"]],
  };
  for (const confirm of [undefined, "0", "ya"]) {
    const r = await postJson(t, "/api/ipd/discharge-patient/update", {
      ...form,
      _version: await versionOf(t, "ipd", s._id),
      ...(confirm === undefined ? {} : { confirm_no_diagnosis: confirm }),
    });
    assert.equal(r.status, 400, JSON.stringify(r.body));
    assert.equal(r.body.field, "summary_diagnosis");
    assert.match(r.body.message, /^Diagnosis utama belum diisi: klaim kunjungan ini tertahan/);
    assert.equal((await get(t, s._id)).status, "dirawat");
  }
  const r = await postJson(t, "/api/ipd/discharge-patient/update", {
    ...form,
    _version: await versionOf(t, "ipd", s._id),
    confirm_no_diagnosis: "1",
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const v = await get(t, s._id);
  assert.deepEqual([v.status, v.summary_diagnosis.length, v.summary_tindakan.length], [
    "pulang",
    0,
    1,
  ]);
});

Deno.test("discharge: a stay entered late is not discharged past the patient's next admission", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const later = await stay(t, w, "2026-10-20T08:00", "2026-10-25T10:00");
  // entered afterwards, admitted before `later`
  const early = await stay(t, w, "2026-10-01T08:00");
  const discharge = async (tanggal_pulang: string) =>
    await postJson(t, "/api/ipd/discharge-patient/update", {
      id: early._id,
      _version: await versionOf(t, "ipd", early._id),
      tanggal_pulang,
      dischargepatient: w.pulang,
      confirm_no_diagnosis: "1",
    });
  let r = await discharge("2026-10-21T10:00");
  assert.equal(r.status, 400, JSON.stringify(r.body));
  assert.match(r.body.message, /kunjungan berikutnya pasien ini \(20-10-2026 08:00\)/);
  assert.equal((await get(t, early._id)).status, "dirawat");
  // discharged 10 days before it, `later` becomes a readmission
  r = await discharge("2026-10-10T10:00");
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal((await get(t, later._id)).readmisi, true);
});
