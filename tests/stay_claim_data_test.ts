import assert from "node:assert/strict";
import { dtQuery, setup, versionOf } from "./helpers.ts";
import { admission, claimReady, seedIpd } from "./ipd_fixtures.ts";
import { collectionOf } from "../lib/resource/resource.ts";
import { registry } from "../resources/mod.ts";
import { visitsOf } from "../lib/ipd/stay.ts";
import { claimCheck, type ClaimStay } from "../lib/claim/readiness.ts";
import { missingStayClaimData } from "../lib/claim/rules/stay_claim_data.ts";
import { admitDischarge, context, readyStay } from "./claim_fixtures.ts";

/**
 * DATA_KLAIM: the rule on its own (a stay as the rules read it), then through the app: a stay lacking what E-Klaim needs is blocked, on its page (each
 * thing named, each linked to where it is entered) and in the Klaim list's rule filter, until
 * the clerk completes it where the links point; the list's kept readiness follows each fix.
 */

type T = Awaited<ReturnType<typeof setup>>;

/** The Klaim list's stay ids with `filters`. */
const klaim = async (t: T, filters: Record<string, string>) => {
  const q = `${dtQuery(["pasien.fullname"], { length: 100 })}&${new URLSearchParams(filters)}`;
  const r = await t.json(`/api/klaim?${q}`);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return (r.body.data as { _id: string }[]).map((d) => d._id).sort();
};

/** The DATA_KLAIM finding of stay `id` (its API answer), or undefined. */
const finding = async (t: T, id: string) =>
  ((await t.json(`/api/ipd/${id}/claim-check`)).body.findings as {
    rule: string;
    level: string;
    message: string;
  }[]).find((f) => f.rule === "DATA_KLAIM");

/** A patient stored before the birth date was recorded (none on the record). */
async function oldPatient(t: T) {
  const row = await collectionOf(t.store, registry.get("pasien")!).insert({
    erm: "000900",
    first_name: "Lama",
    last_name: "",
    fullname: "Lama",
    gender: "L",
    phone: "",
    province: null,
    regency: null,
    district: null,
    village: null,
    address: "",
    postalCode: "",
  });
  return row.value._id;
}

/** The rule codes a stay trips, in table order. */
const tripped = (s: ClaimStay) => claimCheck(s, context()).findings.map((f) => f.rule);

Deno.test("readiness DATA_KLAIM: each thing E-Klaim needs that the stay lacks blocks, named with where it is entered", () => {
  const dk = (s: ClaimStay) =>
    claimCheck(s, context()).findings.find((f) => f.rule === "DATA_KLAIM");
  assert.equal(dk(readyStay()), undefined);
  assert.deepEqual(missingStayClaimData(readyStay()), []);
  const data = "/ipd/S1#data-klaim";
  // a stay written before the fields existed: no birth date, SEP or class
  const old = readyStay({ pasien: { _id: "P1" }, nomor_sep: "", kelas_rawat: "" });
  const r = claimCheck(old, context());
  assert.equal(r.ready, false);
  assert.deepEqual(r.findings.map((f) => [f.rule, f.level]), [["DATA_KLAIM", "blok"]]);
  assert.equal(
    r.findings[0].message,
    "Data yang diminta E-Klaim belum lengkap: tanggal lahir pasien belum diisi; No. SEP belum " +
      "diisi; hak kelas belum diisi.",
  );
  assert.equal(r.findings[0].link, "/pasien?edit=P1");
  assert.deepEqual(r.findings[0].links, [
    { label: "Tgl. lahir pasien", href: "/pasien?edit=P1" },
    { label: "No. SEP, Hak kelas", href: data },
  ]);
  // each alone
  for (
    const [more, re, link] of [
      [
        { pasien: { _id: "P 1", tgl_lahir: "" } },
        /: tanggal lahir pasien belum diisi\.$/,
        "/pasien?edit=P%201",
      ],
      [{ nomor_sep: "" }, /: No\. SEP belum diisi\.$/, data],
      [{ kelas_rawat: "" }, /: hak kelas belum diisi\.$/, data],
    ] as const
  ) {
    const f = dk(readyStay(more));
    assert.ok(f, JSON.stringify(more));
    assert.match(f.message, re);
    assert.equal(f.link, link);
  }
  // discharged with a method the hospital added and has not mapped: its master entry's form
  const unmapped = dk(readyStay({
    dischargepatient: { _id: "C9", desc: "Pulang paksa", kode_eklaim: "" },
  }))!;
  assert.match(unmapped.message, /cara pulang "Pulang paksa" belum dipetakan ke kode E-Klaim/);
  assert.equal(unmapped.link, "/cara-pulang?edit=C9");
  // a copy made before kode_eklaim existed reads the shipped entry its description names
  assert.equal(dk(readyStay({ dischargepatient: { _id: "C2", desc: "Dirujuk" } })), undefined);
  assert.ok(dk(readyStay({ dischargepatient: { _id: "C8", desc: "Kabur" } })));
  // discharged without a method at all: the stay's discharge
  const none = dk(readyStay({ dischargepatient: null }))!;
  assert.match(none.message, /: cara pulang belum diisi\.$/);
  assert.equal(none.link, "/ipd/S1#ringkasan-pulang");
  // a breakdown that does not sum to the total (4,500,000): the difference named, the stay's bill
  const off = dk(readyStay({ tarif_rs_rincian: { kamar: 4_000_000, obat: 400_000 } }))!;
  assert.match(
    off.message,
    /: Rincian tarif RS berjumlah Rp 4\.400\.000, Total RS Rp 4\.500\.000: selisih Rp 100\.000 \(rincian kurang\)\.$/,
  );
  assert.equal(off.link, "/ipd/S1#rincian-tarif");
  // one that sums, and none (the total in one category), pass
  assert.equal(dk(readyStay({ tarif_rs_rincian: { kamar: 4_000_000, obat: 500_000 } })), undefined);
  // still admitted: the birth date, SEP, class and bill are asked for; the discharge method not yet
  const admitted = readyStay({
    status: "dirawat",
    tanggal_pulang: null,
    dischargepatient: null,
    nomor_sep: "",
  });
  assert.deepEqual(tripped(admitted), ["DATA_PULANG", "DATA_KLAIM"]);
  assert.deepEqual(missingStayClaimData(admitted).map((m) => m.field), ["nomor_sep"]);
  assert.equal(
    tripped(readyStay({ status: "dirawat", tanggal_pulang: null, dischargepatient: null })).join(),
    "DATA_PULANG",
  );
});

const days = { masuk: "2026-11-01", pulang: "2026-11-04" };

Deno.test("DATA_KLAIM: a stay written before the claim data blocks, named and linked, until completed where the links point", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const lama = await oldPatient(t);
  // as before the fields existed: no birth date on the patient, no SEP or class on the stay
  const old = await admitDischarge(t, w, lama, days, w.j4, "1500000", ["J18.9"]);
  const ready = await admitDischarge(
    t,
    w,
    w.pasien,
    { masuk: "2026-11-08", pulang: "2026-11-10" },
    w.j4,
    "1500000",
    ["J18.9"],
    claimReady(1),
  );
  assert.equal(await finding(t, ready), undefined);
  assert.deepEqual(await finding(t, old), {
    rule: "DATA_KLAIM",
    level: "blok",
    message: "Data yang diminta E-Klaim belum lengkap: tanggal lahir pasien belum diisi; No. SEP " +
      "belum diisi; hak kelas belum diisi.",
    link: `/pasien?edit=${lama}`,
    links: [
      { href: `/pasien?edit=${lama}`, label: "Tgl. lahir pasien" },
      { href: `/ipd/${old}#data-klaim`, label: "No. SEP, Hak kelas" },
    ],
  });
  assert.deepEqual(await klaim(t, { ruleFilter: "DATA_KLAIM" }), [old]);
  assert.deepEqual(await klaim(t, { readyFilter: "siap" }), [ready]);

  // the stay page: blocked, a link to the patient's form and one to the stay's claim data
  const page = await (await t.req(`/ipd/${old}`)).text();
  const item = page.match(/<li[^>]*data-rule="DATA_KLAIM"[\s\S]*?<\/li>/)?.[0] ?? "";
  assert.match(item, /data-status="blok"/);
  assert.match(
    item,
    new RegExp(`href="/pasien\\?edit=${lama}"[^>]*>Perbaiki Tgl\\. lahir pasien<`),
  );
  assert.match(
    item,
    new RegExp(`href="/ipd/${old}#data-klaim"[^>]*>Perbaiki No\\. SEP, Hak kelas<`),
  );
  assert.match(page, /id="data-klaim"/);

  // the birth date entered on the patient: the stay's copy follows, and the list with it
  let r = await t.post("/api/pasien/update", {
    id: lama,
    _version: await versionOf(t, "pasien", lama),
    erm: "000900",
    first_name: "Lama",
    gender: "L",
    tgl_lahir: "1950-01-31",
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.match(
    (await finding(t, old))!.message,
    /: No\. SEP belum diisi; hak kelas belum diisi\.$/,
  );
  assert.deepEqual(await klaim(t, { ruleFilter: "DATA_KLAIM" }), [old]);
  // the SEP and class entered on the stay's claim data: ready
  r = await t.post("/api/ipd/update", {
    ...admission(w, { pasienId: lama, visitDate: "2026-11-01T08:00", ...claimReady(2) }),
    id: old,
    _version: await versionOf(t, "ipd", old),
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(await finding(t, old), undefined);
  assert.deepEqual(await klaim(t, { ruleFilter: "DATA_KLAIM" }), []);
  assert.deepEqual(await klaim(t, { readyFilter: "siap" }), [old, ready].sort());
});

Deno.test("DATA_KLAIM: a discharge method not mapped to E-Klaim's code, and a breakdown that does not sum, block", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  // a method the hospital added without its E-Klaim code
  const added = await t.post("/api/discharge-patient/update", { id: "", desc: "Pulang paksa" });
  assert.equal(added.status, 200, JSON.stringify(added.body));
  const paksa: string = added.body.data._id;
  const id = await admitDischarge(
    t,
    { ...w, pulang: paksa },
    w.pasien,
    days,
    w.j4,
    "1500000",
    ["J18.9"],
    claimReady(1),
  );
  assert.equal(
    (await finding(t, id))?.message,
    'Data yang diminta E-Klaim belum lengkap: cara pulang "Pulang paksa" belum dipetakan ke ' +
      "kode E-Klaim (isi Kode E-Klaim-nya di master Cara Pulang).",
  );
  const page = await (await t.req(`/ipd/${id}`)).text();
  assert.match(page, new RegExp(`href="/cara-pulang\\?edit=${paksa}"[^>]*>Perbaiki Kode E-Klaim`));
  assert.deepEqual(await klaim(t, { ruleFilter: "DATA_KLAIM" }), [id]);
  // mapped in the master list ('atas permintaan sendiri' = 3): the stay's copy follows
  const r = await t.post("/api/discharge-patient/update", {
    id: paksa,
    _version: await versionOf(t, "discharge-patient", paksa),
    desc: "Pulang paksa",
    kode_eklaim: "3",
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(await finding(t, id), undefined);
  assert.deepEqual(await klaim(t, { ruleFilter: "DATA_KLAIM" }), []);

  // a breakdown that does not sum to the total (as a record no form writes: an older or
  // foreign write): the difference named, the stay's bill linked
  const stays = visitsOf(t.store);
  const row = (await stays.find(id))!;
  assert.equal(row.value.tarifRsTotal, 1_500_000);
  await stays.update(
    id,
    { ...row.value, tarif_rs_rincian: { kamar: 1_000_000, obat: 400_000 } },
    { expected: row.versionstamp },
  );
  assert.match(
    (await finding(t, id))!.message,
    /: Rincian tarif RS berjumlah Rp 1\.400\.000, Total RS Rp 1\.500\.000: selisih Rp 100\.000 \(rincian kurang\)\.$/,
  );
  const bill = await (await t.req(`/ipd/${id}`)).text();
  assert.match(bill, new RegExp(`href="/ipd/${id}#rincian-tarif"[^>]*>Perbaiki Rincian tarif RS<`));
  assert.match(bill, /<section[^>]*id="rincian-tarif"/);
  assert.deepEqual(await klaim(t, { ruleFilter: "DATA_KLAIM" }), [id]);
});
