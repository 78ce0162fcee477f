/**
 * Cara Pulang's E-Klaim discharge status (issue 43): `kode_eklaim` on the reference list, in
 * the shipped list, on existing installs (once, at start) and in the copy every stay keeps.
 */
import assert from "node:assert/strict";
import { DISCHARGE_CODES, dischargeCode } from "../lib/ipd/discharge_code.ts";
import { Store } from "../lib/db/store.ts";
import { collectionOf } from "../lib/resource/resource.ts";
import { seedResources } from "../lib/resource/seed.ts";
import { registry } from "../resources/mod.ts";
import { admit, exam, postJson, seedIpd } from "./ipd_fixtures.ts";
import { setup, versionOf } from "./helpers.ts";

type T = Awaited<ReturnType<typeof setup>>;

/** E-Klaim 5.10's discharge_status list, as its manual words it. */
const EKLAIM = {
  "1": "Atas persetujuan dokter",
  "2": "Dirujuk",
  "3": "Atas permintaan sendiri",
  "4": "Meninggal",
  "5": "Lain-lain",
};

const methods = async (t: T) =>
  Object.fromEntries(
    (await t.json("/api/discharge-patient?length=50")).body.data.map(
      (d: Record<string, string>) => [d.desc, d.kode_eklaim ?? ""],
    ),
  );

/** Discharges stay `id` (one examination first) with method `method`. */
async function discharge(t: T, w: Awaited<ReturnType<typeof seedIpd>>, id: string, method: string) {
  assert.equal((await postJson(t, "/api/ipd/visitexamination/update", exam(w, id))).status, 200);
  const summary = (await t.json(`/api/ipd/${id}/get-summary-icd`)).body;
  const r = await postJson(t, "/api/ipd/discharge-patient/update", {
    id,
    _version: await versionOf(t, "ipd", id),
    tanggal_pulang: "2026-11-03T10:00",
    dischargepatient: method,
    summary_diagnosis: summary.summary_diagnosis.map((i: { _id: string }) => i._id),
    summary_tindakan: summary.summary_tindakan.map((i: { _id: string }) => i._id),
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
}

Deno.test("Cara Pulang: shipped with E-Klaim codes, picked in its form and shown in its table; a bad code a 400 at its field; stays carry it", async () => {
  await using t = await setup();
  assert.deepEqual(DISCHARGE_CODES, EKLAIM);
  assert.deepEqual(await methods(t), {
    "Atas Persetujuan Dokter": "1",
    "Dirujuk": "2",
    "Atas Permintaan Sendiri": "3",
    "Meninggal": "4",
    "Lain-lain": "5",
  });
  const page = await (await t.req("/cara-pulang")).text();
  assert.match(page, /Kode E-Klaim/);
  assert.match(page, /2 · Dirujuk/);

  let r = await t.post("/api/discharge-patient/update", {
    id: "",
    desc: "Sembuh",
    kode_eklaim: "9",
  });
  assert.equal(r.status, 400);
  assert.deepEqual([r.body.field, r.body.message], [
    "kode_eklaim",
    "Kode E-Klaim harus salah satu dari: 1, 2, 3, 4, 5.",
  ]);
  assert.equal("Sembuh" in await methods(t), false);
  // an entry of the hospital's own: unmapped at first, then given a code (its label works too)
  r = await t.post("/api/discharge-patient/update", {
    id: "",
    desc: "Pulang Paksa",
    kode_eklaim: "",
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const own = r.body.data._id;

  const w = await seedIpd(t);
  const stay = await admit(t, w);
  await discharge(t, w, stay._id, own);
  let got = (await t.json(`/api/ipd/${stay._id}`)).body.data;
  assert.deepEqual(got.dischargepatient, { _id: own, desc: "Pulang Paksa", kode_eklaim: "" });
  assert.equal(dischargeCode(got.dischargepatient), null);
  r = await t.post("/api/discharge-patient/update", {
    id: own,
    _version: await versionOf(t, "discharge-patient", own),
    desc: "Pulang Paksa",
    kode_eklaim: "Atas permintaan sendiri",
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  got = (await t.json(`/api/ipd/${stay._id}`)).body.data;
  assert.equal(got.dischargepatient.kode_eklaim, "3");
  assert.equal(dischargeCode(got.dischargepatient), "3");

  const second = await admit(t, w, { pasienId: w.pasien2 });
  await discharge(t, w, second._id, w.pulang);
  got = (await t.json(`/api/ipd/${second._id}`)).body.data;
  assert.equal(got.dischargepatient.kode_eklaim, "1");
});

Deno.test("an install from before the codes: the shipped entries get theirs once at start, its own are left; stays discharged before read theirs by name, unwritten", async () => {
  const store = await Store.open(":memory:");
  try {
    const def = registry.get("discharge-patient")!;
    const col = collectionOf(store, def);
    // the list as an older version seeded it (one entry renamed, one added), and its marker
    await col.writeMany(
      [
        "Atas Persetujuan Dokter",
        "dirujuk",
        "Atas Permintaan Sendiri",
        "Wafat",
        "Lain-lain",
        "Pulang Paksa",
      ]
        .map((desc, i) => ({ _id: `M${i}`, desc })),
    );
    await store.kv.set(["_meta", "seeded", "discharge-patient"], "2025-01-01T00:00:00.000Z");
    const stays = collectionOf(store, registry.get("ipd")!);
    await store.kv.set(["ipd", "S1"], {
      _id: "S1",
      dischargepatient: { _id: "M1", desc: "dirujuk" },
    });
    const stayBefore = (await store.kv.get(["ipd", "S1"])).versionstamp;

    await seedResources(store, registry);
    const codes = async () =>
      Object.fromEntries(
        (await col.index(true)).rows().map((r) => [r.value.desc, r.value.kode_eklaim]),
      );
    assert.deepEqual(await codes(), {
      "Atas Persetujuan Dokter": "1",
      "dirujuk": "2",
      "Atas Permintaan Sendiri": "3",
      "Wafat": undefined,
      "Lain-lain": "5",
      "Pulang Paksa": undefined,
    });
    assert.ok(
      (await store.kv.get(["_meta", "migrated", "discharge-patient.kode_eklaim"])).versionstamp,
    );
    // the stay is not rewritten: its copy's code is read from the shipped entry it names
    assert.equal((await store.kv.get(["ipd", "S1"])).versionstamp, stayBefore);
    const copy = (await stays.find("S1"))!.value.dischargepatient as { desc: string };
    assert.equal(dischargeCode(copy), "2");
    assert.equal(dischargeCode({ desc: "Wafat" }), null);
    assert.equal(dischargeCode({ desc: "Dirujuk", kode_eklaim: "" }), null);
    assert.equal(dischargeCode(null), null);

    // once only: a code cleared afterwards by staff stays cleared at the next start
    const m0 = (await col.find("M0"))!;
    await col.update("M0", (d) => ({ ...d, kode_eklaim: "" }), { expected: m0.versionstamp });
    await seedResources(store, registry);
    assert.equal((await codes())["Atas Persetujuan Dokter"], "");
  } finally {
    store.close();
  }
});

Deno.test("Cara Pulang's picker lists by E-Klaim code ('Atas Persetujuan Dokter' first), a method without one last", async () => {
  await using t = await setup();
  const own = await t.post("/api/discharge-patient/update", {
    id: "",
    desc: "Alih Rawat",
    kode_eklaim: "",
  });
  assert.equal(own.status, 200, JSON.stringify(own.body));
  const texts = async (q = "") =>
    (await t.json(`/api/discharge-patient/select2?q=${q}`)).body.results.map(
      (o: { text: string }) => o.text,
    );
  assert.deepEqual(await texts(), [
    "Atas Persetujuan Dokter",
    "Dirujuk",
    "Atas Permintaan Sendiri",
    "Meninggal",
    "Lain-lain",
    "Alih Rawat",
  ]);
  // a search keeps the order: 'atas' finds code 1 before code 3
  assert.deepEqual(await texts("atas"), ["Atas Persetujuan Dokter", "Atas Permintaan Sendiri"]);
});
