import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { served } from "./helpers.ts";
import {
  admitAni,
  bridgeWorld,
  dischargeStay,
  flow,
  HIP_IDRG,
  KEY,
  methods,
  NOW,
  simFor,
} from "./eklaim_bridge_fixtures.ts";
import { refId, seedIpd } from "./ipd_fixtures.ts";

const options = { sanitizeOps: false, sanitizeResources: false };

Deno.test({
  name:
    "eklaim settings: defaults, the tariff code from the profile and its override, the key write-only, audited only as replaced",
  ...options,
}, async () => {
  await using t = await served({ now: () => NOW });
  let r = await t.json("/api/setting/eklaim");
  assert.deepEqual(r.body.data, {
    url: "",
    keySet: false,
    payor_id: "3",
    payor_cd: "JKN",
    kode_tarif: "",
    kode_tarif_profil: null,
    kode_tarif_berlaku: null,
    timeout: 20,
    _version: "",
  });
  await seedIpd(t); // class C, private
  assert.equal((await t.json("/api/setting/eklaim")).body.data.kode_tarif_profil, "CS");

  for (
    const [fields, field, re] of [
      [{ key: "abc" }, "key", /harus 64 karakter heksadesimal, yang diisi 3 karakter/],
      [{ key: "z".repeat(64) }, "key", /hanya boleh berisi angka 0-9 dan huruf a-f/],
      [{ url: "192.168.1.20/E-Klaim" }, "url", /harus http:\/\/<alamat komputer E-Klaim>/],
      [{ kode_tarif: "XX" }, "kode_tarif", /Kode tarif harus kosong \(ikut profil RS\)/],
      [{ timeout: "0" }, "timeout", /1 sampai 120 detik/],
      [{ payor_id: "tiga" }, "payor_id", /Payor ID harus angka/],
    ] as const
  ) {
    r = await t.post("/api/setting/eklaim", { url: "http://10.0.0.5/E-Klaim/ws.php", ...fields });
    assert.equal(r.status, 400, JSON.stringify(r.body));
    assert.equal(r.body.field, field);
    assert.match(r.body.message, re);
  }
  assert.equal((await t.json("/api/setting/eklaim")).body.data._version, "", "nothing saved");

  r = await t.post("/api/setting/eklaim", {
    url: "http://10.0.0.5/E-Klaim/ws.php",
    key: KEY,
    kode_tarif: "rscm",
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual([r.body.data.keySet, r.body.data.kode_tarif, r.body.data.kode_tarif_berlaku], [
    true,
    "RSCM",
    "RSCM",
  ]);
  assert.match(
    r.body.info,
    /Kunci tersimpan \(tidak ditampilkan\)\. Kode tarif yang dikirim: RSCM/,
  );
  // saved again without a key: the stored one stays
  r = await t.post("/api/setting/eklaim", {
    url: "http://10.0.0.6/E-Klaim/ws.php",
    _version: r.body.data._version,
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual([r.body.data.keySet, r.body.data.kode_tarif_berlaku], [true, "CS"]);
  // a stale version: 409
  r = await t.post("/api/setting/eklaim", {
    url: "http://10.0.0.7/E-Klaim/ws.php",
    _version: "00000000000000010000",
  });
  assert.equal(r.status, 409);

  const entries = (await t.audit.list({ entity: "setting" }, 0, 20)).rows
    .filter((e) => e.entityId === "eklaim");
  assert.equal(entries.length, 2);
  const first = entries.find((e) => (e.after as Record<string, unknown>).keyReplaced)!;
  assert.deepEqual((first.after as Record<string, unknown>).keySet, true);
  assert.ok(!JSON.stringify(entries).includes(KEY));
});

Deno.test({
  name:
    "eklaim settings: a coder without a NIK is told to set it at Akun Saya before any call; an incomplete setup is named",
  ...options,
}, async () => {
  const sim = simFor();
  try {
    await using t = await served({ now: () => NOW });
    const w = await bridgeWorld(t, sim);
    const id = await admitAni(t, w);
    const casemix = await t.as("casemix");
    let r = await flow(casemix, id, "group", HIP_IDRG);
    assert.equal(r.status, 409, JSON.stringify(r.body));
    assert.match(
      r.body.message,
      /NIK Anda untuk E-Klaim belum diisi: .*Akun Saya \(\/akun\/password\)/,
    );
    assert.deepEqual(methods(sim), []);
    // without an address E-Klaim is not called either
    const saved = (await t.json("/api/setting/eklaim")).body.data;
    assert.equal(
      (await t.post("/api/setting/eklaim", { url: "", _version: saved._version })).status,
      200,
    );
    r = await flow(t, id, "group", HIP_IDRG);
    assert.equal(r.status, 409);
    assert.match(r.body.message, /Pengaturan E-Klaim belum lengkap: alamat web service\./);
    assert.deepEqual(methods(sim), []);
  } finally {
    await sim.close();
  }
});

Deno.test({
  name: "eklaim settings: the key appears in no answer, page, log, audit entry or export",
  ...options,
}, async () => {
  const sim = simFor();
  try {
    await using t = await served({ now: () => NOW });
    const w = await bridgeWorld(t, sim);
    const id = await admitAni(t, w);
    await dischargeStay(t, w, id);
    const texts: string[] = [];
    const keep = async (r: Response) => {
      texts.push(new TextDecoder("latin1").decode(await r.arrayBuffer()));
      return r.status;
    };
    const get = (p: string) => t.http(p, { headers: { cookie: t.cookie } }).then(keep);
    const post = (p: string, f: Record<string, string> = {}) =>
      t.http(p, { method: "POST", headers: { cookie: t.cookie }, body: new URLSearchParams(f) })
        .then(keep);
    assert.equal(await post(`/api/eklaim/${id}/group`, HIP_IDRG), 200);
    assert.equal(await post(`/api/eklaim/${id}/final`), 200);
    assert.equal(await get(`/api/eklaim/${id}/print`), 200);
    assert.equal(await post(`/api/eklaim/${id}/send`), 200);
    assert.equal(await get(`/api/eklaim/${id}`), 200);
    assert.equal(await post("/api/setting/eklaim/test"), 200);
    assert.equal(await post(`/api/eklaim/${id}/reedit`), 409);
    for (
      const p of [
        "/api/setting/eklaim",
        "/pengaturan",
        `/api/klaim/${id}`,
        "/api/klaim?draw=1&start=0&length=10",
      ]
    ) {
      assert.equal(await get(p), 200, p);
    }
    assert.equal(await get("/api/audit?draw=1&start=0&length=200"), 200);
    assert.equal(await get("/api/db-backup"), 200);
    // the audit log's export, and the stored log itself
    const xlsx = await t.http("/api/audit/export", { headers: { cookie: t.cookie } });
    const book = XLSX.read(new Uint8Array(await xlsx.arrayBuffer()), { type: "array" });
    texts.push(JSON.stringify(XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]])));
    assert.match(texts.at(-1)!, /eklaim_send/);
    texts.push(JSON.stringify((await t.audit.list({}, 0, 1000)).rows));
    const hits = texts.map((x, i) => [i, x.toLowerCase().includes(KEY)]).filter(([, h]) => h);
    assert.deepEqual(hits, []);
    // the page's settings form shows that a key is set, not the key
    assert.ok(texts.some((x) => x.includes("Kunci tersimpan (tidak ditampilkan)")));
    assert.ok(texts.length >= 15);
  } finally {
    await sim.close();
  }
});

Deno.test({
  name:
    "eklaim settings: the settings page shows the section to admin and casemix (disabled for casemix), not to viewers",
  ...options,
}, async () => {
  await using t = await served({ now: () => NOW });
  await refId(t, "regional", "Regional 3");
  const html = async (who?: { cookie: string }) =>
    await (await t.http("/pengaturan", { headers: { cookie: who?.cookie ?? t.cookie } })).text();
  assert.match(await html(), /E-Klaim \(web service\)/);
  assert.match(await html(), /Tes koneksi/);
  const cm = await html(await t.as("casemix"));
  assert.match(cm, /E-Klaim \(web service\)/);
  assert.doesNotMatch(cm, /Tes koneksi/);
  assert.doesNotMatch(await html(await t.as("viewer")), /E-Klaim \(web service\)/);
});
