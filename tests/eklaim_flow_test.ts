import assert from "node:assert/strict";
import { formatMoney } from "../lib/format.ts";
import { dtQuery, setup } from "./helpers.ts";
import { eklaimTxt } from "./claim_fixtures.ts";
import {
  admitAni,
  bridgeWorld,
  CASEMIX_NIK,
  dischargeStay,
  flow,
  HIP_IDRG,
  KARTU,
  methods,
  NOW,
  SEP,
  simFor,
} from "./eklaim_bridge_fixtures.ts";

type T = Awaited<ReturnType<typeof setup>>;

/** The stay's package in force is E-Klaim's: its API, its page and the discharge list. */
async function packageShown(t: T, id: string, code: string, tariff: number) {
  const stay = (await t.json(`/api/ipd/${id}`)).body.data;
  assert.deepEqual(
    [stay.paket.code, stay.paket.tariff, stay.paket.source, stay.paket.fromEklaim, stay.inacbg],
    [code, tariff, "E-Klaim 5.10.0", true, code],
  );
  assert.equal(stay.tarifInaTotal, tariff);
  const page = await (await t.req(`/ipd/${id}`)).text();
  assert.match(
    page,
    new RegExp(
      `data-paket="eklaim"[^>]*><span[^>]*>${code} \\(Kelas 3\\)</span><small>E-Klaim 5\\.10\\.0, grouping`,
    ),
  );
  assert.match(
    page,
    new RegExp(`data-total="ina"[^>]*>${formatMoney(tariff).replaceAll(".", "\\.")}<`),
  );
  const list = (await t.json(`/api/ipd/discharge-patient?${dtQuery(["pasien.fullname"])}`)).body;
  const row = list.data.find((x: { _id: string }) => x._id === id);
  assert.deepEqual([row.tarifInaTotal, row.paket.code, row.paket.source], [
    tariff,
    code,
    "E-Klaim 5.10.0",
  ]);
}

const GROUP_CALLS = [
  "new_claim",
  "set_claim_data",
  "idrg_diagnosa_set",
  "idrg_procedure_set",
  "grouper",
  "idrg_grouper_final",
  "idrg_to_inacbg_import",
  "inacbg_diagnosa_set",
  "inacbg_procedure_set",
  "grouper",
];

Deno.test("eklaim flow: a discharged stay grouped, finalised with a special CMG, printed and sent", async () => {
  await using sim = { s: simFor(), [Symbol.asyncDispose]: () => sim.s.close() };
  await using t = await setup({ now: () => NOW });
  const w = await bridgeWorld(t, sim.s);
  const casemix = await t.as("casemix");
  assert.equal((await casemix.post("/api/user/nik", { nik: CASEMIX_NIK })).status, 200);
  const id = await admitAni(t, w);
  await dischargeStay(t, w, id);

  // grouping: the app's S73.0 is a header in ICD-10-IM, the clerk gives S73.02 for iDRG
  let r = await flow(casemix, id, "group", HIP_IDRG);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(methods(sim.s), GROUP_CALLS);
  assert.deepEqual(r.body.data.steps.map((s: { method: string }) => s.method), GROUP_CALLS);
  const d = r.body.data;
  assert.deepEqual(
    [d.idrg.mdc_number, d.idrg.drg_code, d.idrg.drg_description, d.idrg.cost_weight],
    ["18", "1807119", "Hip Revision Proc.", "5.14"],
  );
  assert.deepEqual(d.idrg.topup_options.map((o: { code: string }) => o.code), ["13031"]);
  assert.deepEqual([d.inacbg.cbg.code, d.inacbg.tariff, d.inacbg.kelas], [
    "M-1-04-I",
    31_713_400,
    "kelas_3",
  ]);
  assert.deepEqual(d.inacbg.special_cmg_options.map((o: { code: string }) => o.code), [
    "RR04Hip",
    "RR04Knee",
    "YY01",
  ]);
  // the import dropped the IM code (E2101); the INA-CBG coding sent is the stay's own
  assert.deepEqual(d.dropped.map((x: Record<string, string>) => [x.grouper, x.code, x.errorNo]), [
    ["import", "S73.02", "E2101"],
  ]);
  assert.deepEqual(d.coding.inacbg.diagnosa.map((x: { code: string }) => x.code), ["S73.0"]);
  assert.deepEqual([d.status, d.statusText], ["belum", "Grouping E-Klaim (belum final)"]);
  assert.deepEqual(d.can, {
    group: true,
    final: true,
    send: false,
    reedit: false,
    print: false,
  });
  assert.match(r.body.message, /iDRG 1807119 .*INA-CBG M-1-04-I Rp 31\.713\.400/);

  // what E-Klaim got: the stay's data in the hospital's time zone, the profile's tariff code
  const held = sim.s.claims.get(SEP)!;
  assert.deepEqual(held.patient, {
    nomor_kartu: KARTU,
    nomor_rm: "000777",
    nama_pasien: "Ani",
    tgl_lahir: "1975-05-05 00:00:00",
    gender: 2,
  });
  const sent = held.data as Record<string, unknown>;
  assert.deepEqual(
    [
      "tgl_masuk",
      "tgl_pulang",
      "kelas_rawat",
      "discharge_status",
      "kode_tarif",
      "payor_id",
      "payor_cd",
    ]
      .map((k) => sent[k]),
    ["2026-11-01 08:00:00", "2026-11-04 11:30:00", "3", "1", "CS", "3", "JKN"],
  );
  assert.deepEqual([sent.coder_nik, sent.nama_dokter, sent.icu_indikator, sent.upgrade_class_ind], [
    CASEMIX_NIK,
    "dr. Budi",
    "0",
    "0",
  ]);
  const tarifRs = sent.tarif_rs as Record<string, string>;
  assert.equal(Object.keys(tarifRs).length, 18);
  assert.equal(Object.values(tarifRs).reduce((n, v) => n + Number(v), 0), 25_000_000);
  assert.deepEqual([held.idrg.final, held.inacbg.final, held.final], [true, false, false]);

  // the claim record (the TXT import's) holds E-Klaim's group, not final yet
  let claim = (await t.json(`/api/klaim/${id}`)).body;
  assert.deepEqual([
    claim.status,
    claim.data.sep,
    claim.data.eklaim.inacbg,
    claim.data.eklaim.tarif,
    claim.data.eklaim.final,
  ], [
    "belum",
    SEP,
    "M-1-04-I",
    31_713_400,
    false,
  ]);
  // and E-Klaim's CBG and tariff are the stay's package, on its page and in the list
  await packageShown(t, id, "M-1-04-I", 31_713_400);

  // final with a special CMG not offered: 400 naming the options, nothing sent
  const before = sim.s.calls.length;
  r = await flow(casemix, id, "final", { special_cmg: "ZZ99" });
  assert.equal(r.status, 400, JSON.stringify(r.body));
  assert.match(
    r.body.message,
    /ZZ99 bukan pilihan grup M-1-04-I; pilihannya: RR04Hip, RR04Knee, YY01/,
  );
  assert.equal(sim.s.calls.length, before);
  r = await flow(casemix, id, "final", { special_cmg: "RR04Hip" });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(methods(sim.s).slice(before), [
    "grouper",
    "inacbg_grouper_final",
    "claim_final",
  ]);
  assert.equal(r.body.data.inacbg.tariff, 31_713_400 + 18_000_000);
  assert.deepEqual(r.body.data.inacbg.special_cmg.map((s: { code: string }) => s.code), [
    "RR-04-III-Hip",
  ]);
  assert.equal(r.body.data.status, "final");
  assert.equal(held.final, true);
  claim = (await t.json(`/api/klaim/${id}`)).body;
  assert.deepEqual([claim.status, claim.data.eklaim.tarif], ["final", 49_713_400]);
  await packageShown(t, id, "M-1-04-I", 49_713_400);

  // the Lembar Berkas Klaim, as E-Klaim makes it
  const pdf = await casemix.req(`/api/eklaim/${id}/print`);
  assert.equal(pdf.status, 200);
  assert.equal(pdf.headers.get("content-type"), "application/pdf");
  const bytes = new Uint8Array(await pdf.arrayBuffer());
  assert.equal(new TextDecoder().decode(bytes.subarray(0, 5)), "%PDF-");
  assert.match(new TextDecoder().decode(bytes), new RegExp(`Nomor SEP: ${SEP}`));

  r = await flow(casemix, id, "send");
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(r.body.data.steps.map((s: { method: string }) => s.method), [
    "send_claim_individual",
    "get_claim_status",
  ]);
  assert.deepEqual([r.body.data.status, r.body.data.sentAt], ["terkirim", "2023-02-01 03:04:05"]);
  claim = (await t.json(`/api/klaim/${id}`)).body;
  assert.deepEqual([claim.status, claim.data.sentAt], ["terkirim", "2023-02-01 03:04:05"]);
  assert.deepEqual(claim.data.history.map((h: { status: string }) => h.status), [
    "final",
    "terkirim",
  ]);
  // once sent, no re-edit
  r = await flow(casemix, id, "reedit");
  assert.equal(r.status, 409);
  assert.match(r.body.message, /Edit ulang hanya untuk klaim final yang belum dikirim/);

  // the claim as E-Klaim holds it, with the stay's call log
  const view = (await casemix.json(`/api/eklaim/${id}`)).body.data;
  assert.deepEqual([view.eklaim.cbg_code, view.eklaim.nomor_sep], ["M-1-04-I", SEP]);
  assert.equal(view.log.length, sim.s.calls.length);
  assert.deepEqual(view.log.map((e: { method: string }) => e.method).reverse(), methods(sim.s));
  assert.ok(view.log.every((e: { by: string; ms: number }) => e.by === "uji-casemix" && e.ms >= 0));

  // E-Klaim's own code search as a select's options: codable codes only, nothing under 2 letters
  const options = (q: string, grouper = "idrg") =>
    casemix.json(`/api/eklaim/code-options?grouper=${grouper}&list=diagnosa&q=${q}`);
  const found = (await options("S73")).body;
  assert.deepEqual(found.results.map((o: { id: string }) => o.id), ["S73.02"]);
  assert.equal(found.results[0].note, "kode IM (Indonesian Modification)");
  assert.deepEqual((await options("S")).body, { results: [], pagination: { more: false } });
  assert.deepEqual(
    (await options("S73", "inacbg")).body.results.map((o: { id: string }) => o.id),
    ["S73.0"],
  );
  assert.deepEqual(methods(sim.s).slice(-2), ["search_diagnosis_inagrouper", "search_diagnosis"]);

  // every changing call audited: method, SEP, outcome
  const audited = (await t.audit.list({ entity: "klaim" }, 0, 50)).rows
    .filter((e) => e.action.startsWith("eklaim_"));
  // (the refusals before any call changed nothing in E-Klaim: not audited as its calls)
  assert.deepEqual(audited.map((e) => e.action).sort(), [
    "eklaim_final",
    "eklaim_group",
    "eklaim_send",
  ]);
  const group = audited.find((e) => e.action === "eklaim_group")!;
  const after = group.after as { sep: string; calls: { method: string }[] };
  assert.equal(after.sep, SEP);
  assert.deepEqual(after.calls.map((x) => x.method), GROUP_CALLS);
});

Deno.test("eklaim: a TXT import naming a stay only grouped through the bridge makes its claim final at the file's group", async () => {
  await using sim = { s: simFor(), [Symbol.asyncDispose]: () => sim.s.close() };
  await using t = await setup({ now: () => NOW });
  const w = await bridgeWorld(t, sim.s);
  const id = await admitAni(t, w);
  await dischargeStay(t, w, id);
  assert.equal((await flow(t, id, "group", HIP_IDRG)).status, 200);
  let claim = (await t.json(`/api/klaim/${id}`)).body;
  assert.deepEqual([claim.status, claim.data.eklaim.final], ["belum", false]);
  // finalised in E-Klaim itself, then its TXT imported: one claim, final, the file's package
  const txt = eklaimTxt([{
    sep: SEP,
    mrn: "000777",
    admission: "2026-11-01",
    discharge: "2026-11-04",
    inacbg: "M-1-04-I",
    tarif: 49_713_400,
    tarifRs: 25_000_000,
  }]);
  const r = await t.upload("/api/klaim/import-eklaim", "eklaim.txt", txt);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  claim = (await t.json(`/api/klaim/${id}`)).body;
  assert.deepEqual(
    [
      claim.status,
      claim.data.eklaim.tarif,
      claim.data.history.map((h: { status: string }) => h.status),
    ],
    ["final", 49_713_400, ["final"]],
  );
  assert.equal((await t.json(`/api/ipd/${id}`)).body.data.paket.tariff, 49_713_400);
});
