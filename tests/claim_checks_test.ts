import assert from "node:assert/strict";
import { dtQuery, setup, versionOf } from "./helpers.ts";
import { admission, refId, seedIpd } from "./ipd_fixtures.ts";
import { admitDischarge } from "./claim_fixtures.ts";
import { checkStay } from "../lib/claim/readiness.ts";
import { type CachedCheck, claimChecks } from "../lib/claim/checks.ts";
import { maskRules } from "../lib/claim/mask.ts";
import { registry } from "../resources/mod.ts";

type T = Awaited<ReturnType<typeof setup>>;

const postJson = (t: T, path: string, body: unknown) =>
  t.json(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

/** Every discharged stay's cached readiness is what its own check says (checkStay, one stay). */
async function sameAsEachOwn(t: T, checks: ReadonlyMap<string, CachedCheck>, ids: string[]) {
  assert.deepEqual([...checks.keys()].sort(), [...ids].sort());
  for (const id of ids) {
    const own = (await checkStay(t.store, registry, id)).findings.map((f) => f.rule);
    assert.deepEqual(maskRules(checks.get(id)!.mask), own, id);
  }
}

Deno.test("claimChecks after writes: only the checks a write can change are redone, and every check stays each stay's own", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const patient = async (erm: string, first_name: string) =>
    (await t.post("/api/pasien/update", {
      id: "",
      erm,
      first_name,
      last_name: "",
      gender: "P",
      tgl_lahir: "1980-01-01",
    }))
      .body.data._id as string;
  const others = [await patient("000777", "Ani"), await patient("000888", "Dewi")];
  // eleven short stays of J-4-16-I, one a month in 2025 (Siti and Rahma in turn, Ani and Dewi
  // the last two), then Rahma's long stay in December: over twice the median of the 12 months
  // before
  const short: { id: string; pasien: string; day: string }[] = [];
  for (let i = 0; i < 11; i++) {
    const pasien = i >= 9 ? others[i - 9] : i % 2 ? w.pasien2 : w.pasien;
    const day = `2025-${String(i + 1).padStart(2, "0")}-05`;
    const id = await admitDischarge(
      t,
      w,
      pasien,
      { masuk: day, pulang: day.replace(/05$/, "06") },
      w.j4,
      "1000000",
    );
    short.push({ id, pasien, day });
  }
  const long = await admitDischarge(
    t,
    w,
    w.pasien2,
    { masuk: "2025-12-01", pulang: "2025-12-15" },
    w.j4,
    "9000000",
  );
  const ids = [...short.map((s) => s.id), long];
  const c1 = new Map(await claimChecks(t.store, registry));
  await sameAsEachOwn(t, c1, ids);
  const rules = (m: ReadonlyMap<string, CachedCheck>, id: string) => maskRules(m.get(id)!.mask);
  assert.ok(rules(c1, long).includes("LAMA_RAWAT"), rules(c1, long).join());

  // Ani's and Dewi's stays move to J-4-16-II: nine J-4-16-I stays are left in the window, too
  // few for a median, so Rahma's long stay (not written) no longer trips LAMA_RAWAT
  for (const s of short.slice(9)) {
    assert.equal((await t.post(`/api/ipd/${s.id}/cancel-discharge`, {})).status, 200);
    const exam = await postJson(t, "/api/ipd/visitexamination/update", {
      id: "",
      ipdId: s.id,
      examinationDate: `${s.day}T12:00`,
      subject: "Kontrol",
      object: "",
      assesment: "",
      plan: "",
      keyword: [],
      diagnosis: [w.icd["J18.9"]],
      tindakan: [],
      grouping: w.j5,
      tarifinacbgSelect: "",
      tarif_rs: "100000",
    });
    assert.equal(exam.status, 200, JSON.stringify(exam.body));
    const out = await t.post("/api/ipd/discharge-patient/update", {
      id: s.id,
      _version: await versionOf(t, "ipd", s.id),
      tanggal_pulang: `${s.day.replace(/05$/, "06")}T11:00`,
      dischargepatient: w.pulang,
      confirm_no_diagnosis: "1",
    });
    assert.equal(out.status, 200, JSON.stringify(out.body));
  }
  const c2 = new Map(await claimChecks(t.store, registry));
  assert.ok(!rules(c2, long).includes("LAMA_RAWAT"), rules(c2, long).join());
  // the medians that moved are those of October 2025 onwards: the stays discharged January to
  // September (other patients) are not checked again
  for (const s of short.slice(0, 9)) {
    assert.equal(c2.get(s.id), c1.get(s.id), `the stay of ${s.day} was checked again`);
  }
  await sameAsEachOwn(t, new Map(c2), ids);

  // Siti is admitted again: Rahma's checks are not redone (the same objects)
  const open = await t.post("/api/ipd/update", admission(w, { visitDate: "2026-01-05T08:00" }));
  assert.equal(open.status, 200, JSON.stringify(open.body));
  const c3 = await claimChecks(t.store, registry);
  for (const s of short.filter((s) => s.pasien === w.pasien2)) {
    assert.equal(c3.get(s.id), c2.get(s.id), `Rahma's stay of ${s.day} was checked again`);
  }
  assert.equal(c3.get(long), c2.get(long));
  await sameAsEachOwn(t, new Map(c3), ids);

  // Dewi's stays of J-4-16-II discharged in October 2026 and November 2026; Ani's October 2025
  // discharge (J-4-16-II) is moved to three days later: the medians of November 2025 to October
  // 2026 counted it, so Dewi's October stay is checked again and her November one is not
  const oct = await admitDischarge(
    t,
    w,
    others[1],
    { masuk: "2026-10-10", pulang: "2026-10-11" },
    w.j5,
    "1",
  );
  const nov = await admitDischarge(
    t,
    w,
    others[1],
    { masuk: "2026-11-15", pulang: "2026-11-16" },
    w.j5,
    "1",
  );
  const c4 = new Map(await claimChecks(t.store, registry));
  const ani = short[9];
  assert.equal((await t.post(`/api/ipd/${ani.id}/cancel-discharge`, {})).status, 200);
  const again = await t.post("/api/ipd/discharge-patient/update", {
    id: ani.id,
    _version: await versionOf(t, "ipd", ani.id),
    tanggal_pulang: "2025-10-09T11:00",
    dischargepatient: w.pulang,
    confirm_no_diagnosis: "1",
  });
  assert.equal(again.status, 200, JSON.stringify(again.body));
  const c5 = new Map(await claimChecks(t.store, registry));
  assert.notEqual(c5.get(oct), c4.get(oct), "the October 2026 stay was not checked again");
  assert.equal(c5.get(nov), c4.get(nov), "the November 2026 stay was checked again");
  await sameAsEachOwn(t, c5, [...ids, oct, nov]);
});

Deno.test("claimChecks: a change of the hospital's zone, which READMISI_CMG reads, reaches the Klaim list", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  // Siti home 2 October 2026 23:30 WIB (3 October 01:30 WIT), back 1 November 08:00 WIB (10:00
  // WIT) to the same CMG: 30 calendar days in Jakarta (no readmission), 29 in Jayapura (one)
  const days = [{ masuk: "2026-09-28", pulang: "2026-10-02T23:30" }, {
    masuk: "2026-11-01",
    pulang: "2026-11-03",
  }];
  const ids: string[] = [];
  for (const d of days) ids.push(await admitDischarge(t, w, w.pasien, d, w.j4, "1000000"));
  const listed = async () => {
    const r = await t.json(`/api/klaim?${dtQuery(["tanggal_pulang"], { length: 10 })}`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.data.find((d: { _id: string }) => d._id === ids[1]).rules as string[];
  };
  const own = async () =>
    (await t.json(`/api/ipd/${ids[1]}/claim-check`)).body.findings.map((f: { rule: string }) =>
      f.rule
    );
  assert.ok(!(await listed()).includes("READMISI_CMG"));
  const moved = await t.post("/api/setting/hospital", {
    name: "RSU Uji Casemix",
    regional: await refId(t, "regional", "Regional 3"),
    hospitalClass: await refId(t, "hospital-class", "C"),
    owner: await refId(t, "owner", "Swasta"),
    type: await refId(t, "hospital-type", "Rumah Sakit Umum"),
    timezone: "Asia/Jayapura",
  });
  assert.equal(moved.status, 200, JSON.stringify(moved.body));
  assert.ok((await own()).includes("READMISI_CMG"), (await own()).join());
  assert.deepEqual(await listed(), await own());
});
