import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { setup, versionOf } from "./helpers.ts";
import { admission, seedIpd } from "./ipd_fixtures.ts";

type T = Awaited<ReturnType<typeof setup>>;

const postJson = (t: T, path: string, body: unknown) =>
  t.json(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

/** Three stays: two discharged (3 and 10 days), one open since 2026-11-10, in two rooms. */
async function world(t: T) {
  const w = await seedIpd(t);
  const cls = (await t.json("/api/class-room/select2")).body.results[0].id;
  const room2 = (await t.post("/api/room/update", { id: "", name: "Anggrek", classroom: cls }))
    .body.data._id;
  const p3 = (await t.post("/api/pasien/update", {
    id: "",
    erm: "000789",
    first_name: '=HYPERLINK("http://x")',
    gender: "L",
    tgl_lahir: "1980-01-01",
  })).body.data._id;
  const stays: string[] = [];
  const plan = [
    [w.pasien, w.room, "2026-10-01T08:00", "2026-10-04T09:00", "1000000", w.j4],
    [w.pasien2, room2, "2026-10-20T22:00", "2026-10-30T10:00", "7000000", w.j5],
    [p3, room2, "2026-11-10T07:00", null, "-", w.j4],
  ] as const;
  for (const [pasienId, room_id, visitDate, out, rs, grouping] of plan) {
    const v = await t.post("/api/ipd/update", admission(w, { pasienId, room_id, visitDate }));
    assert.equal(v.status, 200, JSON.stringify(v.body));
    const id = v.body.data._id;
    stays.push(id);
    if (rs !== "-") {
      const e = await postJson(t, "/api/ipd/visitexamination/update", {
        ipdId: id,
        examinationDate: visitDate,
        grouping,
        tarif_rs: rs,
        diagnosis: [w.icd["J18.9"]],
        tindakan: [w.icd["93.96"]],
      });
      assert.equal(e.status, 200, JSON.stringify(e.body));
    }
    if (out) {
      const d = await postJson(t, "/api/ipd/discharge-patient/update", {
        id,
        _version: await versionOf(t, "ipd", id),
        tanggal_pulang: out,
        dischargepatient: w.pulang,
        summary_diagnosis: [w.icd["J18.9"]],
      });
      assert.equal(d.status, 200, JSON.stringify(d.body));
    }
  }
  return { w, room2, stays };
}

const names = (body: { data: { pasien: { erm: string } }[] }) =>
  body.data.map((d) => d.pasien.erm).sort();

Deno.test("ipd lists: filters by room, duration, date range, analysis and status", async () => {
  await using t = await setup();
  const { w, room2 } = await world(t);
  const q = async (path: string, p: Record<string, string>) => {
    const r = await t.json(`${path}?${new URLSearchParams(p)}`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body;
  };
  const open = await q("/api/ipd", {});
  assert.deepEqual(names(open), ["000789"]);
  assert.equal(open.recordsTotal, 3);
  const done = await q("/api/ipd/discharge-patient", {});
  assert.deepEqual(names(done), ["000123", "000456"]);
  assert.deepEqual(names(await q("/api/ipd/discharge-patient", { roomFilter: room2 })), [
    "000456",
  ]);
  assert.deepEqual(names(await q("/api/ipd/discharge-patient", { durationFilter: "1-3" })), [
    "000123",
  ]);
  assert.deepEqual(names(await q("/api/ipd/discharge-patient", { durationFilter: "8-14" })), [
    "000456",
  ]);
  assert.deepEqual(
    names(await q("/api/ipd/discharge-patient", { dateRange: "2026-10-30 / 2026-10-31" })),
    ["000456"],
  );
  // on /ipd the range is on the admission day; 'semua' includes discharged stays
  assert.deepEqual(
    names(await q("/api/ipd", { statusFilter: "semua", dateRange: "2026-10-01 / 2026-10-20" })),
    ["000123", "000456"],
  );
  assert.deepEqual(
    names(await q("/api/ipd", { statusFilter: "semua", analysisFilter: "negative" })),
    [
      "000456",
    ],
  );
  assert.deepEqual(
    names(await q("/api/ipd", { statusFilter: "semua", analysisFilter: "positive" })),
    [
      "000123",
    ],
  );
  assert.deepEqual(names(await q("/api/ipd", { statusFilter: "semua", icdFilter: "j18.9" })), [
    "000123",
    "000456",
  ]);
  assert.deepEqual(names(await q("/api/ipd", { statusFilter: "semua", dpjpFilter: w.igd })), []);
  // search and order
  const found = await q("/api/ipd/discharge-patient", { "search[value]": "rahma" });
  assert.deepEqual(names(found), ["000456"]);
  // the ERM and the DPJP are searched though no column shows them alone
  const cols = { "columns[0][data]": "pasien.fullname", "columns[1][data]": "room.name" };
  const byErm = await q("/api/ipd/discharge-patient", { ...cols, "search[value]": "000456" });
  assert.deepEqual(names(byErm), ["000456"]);
  const byDpjp = await q("/api/ipd", { ...cols, statusFilter: "semua", "search[value]": "budi" });
  assert.equal(byDpjp.recordsFiltered, 3);
  const ordered = await q("/api/ipd/discharge-patient", {
    "columns[0][data]": "pasien.fullname",
    "columns[1][data]": "tarifRsTotal",
    "order[0][column]": "1",
    "order[0][dir]": "desc",
  });
  assert.deepEqual(ordered.data.map((d: { tarifRsTotal: number }) => d.tarifRsTotal), [
    7_000_000,
    1_000_000,
  ]);
});

Deno.test("ipd exports: real .xlsx with the filters, numbers, dates and formula-safe text", async () => {
  await using t = await setup();
  const { room2 } = await world(t);
  const res = await t.req("/api/ipd/export-ipd-discharge-data?roomFilter=" + room2);
  assert.equal(res.status, 200);
  assert.match(
    res.headers.get("content-disposition")!,
    /^attachment; filename="pasien-pulang-\d{4}-\d{2}-\d{2}\.xlsx"$/,
  );
  const wb = XLSX.read(new Uint8Array(await res.arrayBuffer()), { cellNF: true });
  const ws = wb.Sheets[wb.SheetNames[0]];
  const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(ws, { raw: true });
  assert.equal(rows.length, 1);
  const r = rows[0];
  assert.equal(r["No. ERM"], "000456");
  assert.equal(r["Total RS"], 7_000_000);
  assert.equal(r["Total INA-CBG"], 5_200_000);
  assert.equal(r["Analisa (%)"], -34.62);
  assert.equal(r["Lama Rawat (Hari)"], 10);
  assert.equal(r["Diagnosa"], "J18.9 - Pneumonia, unspecified");
  // a date cell: 20-10-2026 22:00 in Jakarta as an Excel serial with a date format
  const masuk = Object.keys(ws).find((k) => ws[k]?.v === "Tanggal Masuk")!.replace(/\d+$/, "2");
  assert.equal(ws[masuk].t, "n");
  assert.equal(ws[masuk].z, "dd-mm-yyyy hh:mm");
  assert.equal(XLSX.SSF.format("dd-mm-yyyy hh:mm", ws[masuk].v), "20-10-2026 22:00");

  const all = await t.req("/api/ipd/export-ipd-data");
  assert.match(all.headers.get("content-disposition")!, /kunjungan-rawat-inap-/);
  const bytes = new Uint8Array(await all.arrayBuffer());
  const open = XLSX.read(bytes);
  const sheet = open.Sheets[open.SheetNames[0]];
  const list = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet);
  assert.deepEqual(list.map((x) => x["Nama Pasien"]), ['=HYPERLINK("http://x")']);
  const cell = Object.values(sheet).find((c) =>
    (c as XLSX.CellObject)?.v === list[0]["Nama Pasien"]
  );
  assert.equal((cell as XLSX.CellObject).t, "s");
  assert.equal((cell as XLSX.CellObject).f, undefined);
  // the stored sheet holds no formula element at all
  const xml = XLSX.read(bytes, { type: "array", bookFiles: true }) as unknown as {
    files: Record<string, { content: Uint8Array }>;
  };
  const sheetXml = Object.entries(xml.files ?? {}).find(([k]) => k.includes("sheet1.xml"));
  assert.ok(sheetXml);
  const text = new TextDecoder().decode(sheetXml[1].content);
  assert.match(text, /<c r="B2"[^>]*t="s"/);
  assert.equal(text.includes("<f>"), false);
  assert.equal((await t.json("/api/ipd/export-ipd-data?dateRange=x")).status, 400);
});

Deno.test("ipd lists: admitted stays are answered whole from memory, discharged ones read from KV", async () => {
  await using t = await setup();
  const { stays } = await world(t);
  const kv = t.store.kv;
  const read: string[] = [];
  const getMany = kv.getMany.bind(kv);
  kv.getMany = ((keys: Deno.KvKey[], o?: { consistency?: Deno.KvConsistencyLevel }) => {
    for (const k of keys) if (k[0] === "ipd") read.push(String(k[1]));
    return getMany(keys, o);
  }) as typeof kv.getMany;
  const open = (await t.json("/api/ipd")).body.data;
  assert.deepEqual(read, [], "no stay read for the admitted list");
  const stored = (await kv.get<Record<string, unknown>>(["ipd", stays[2]])).value!;
  assert.deepEqual(
    [open[0]._id, open[0].diagnosis_awal, open[0].asal, open[0].examCount, open[0].summary10],
    [stays[2], stored.diagnosis_awal, stored.asal, 0, undefined],
  );
  assert.ok(String(stored.diagnosis_awal).length > 0);
  const done = (await t.json("/api/ipd/discharge-patient")).body.data;
  assert.deepEqual(read.sort(), [stays[0], stays[1]].sort(), "discharged stays read whole");
  assert.equal(
    done.find((d: { _id: string }) => d._id === stays[0]).summary_diagnosis[0].code,
    "J18.9",
  );
});
