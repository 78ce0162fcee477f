/**
 * Import slots and the uploads waiting for them (issue 45, availability items 2 and 3), over
 * real HTTP: every upload is parsed in the import workers (`PARSE_LIMITS`), a slot a waiting
 * upload gave up comes back, and an upload waiting for its parse holds no request slot.
 */
import assert from "node:assert/strict";
import { setup } from "./helpers.ts";
import { serve } from "./slow_sockets.ts";
import { eklaimTxt } from "./claim_fixtures.ts";
import { PARSE_LIMITS } from "../lib/resource/parse.ts";
import { writeXlsx } from "../lib/resource/spreadsheet.ts";

const options = { sanitizeOps: false, sanitizeResources: false };

/** A patient file of 10,000 rows (made once): a room import reads it all, then refuses it. */
let made: Uint8Array | undefined;
const bigFile = () => (made ??= patients(10_000)).slice();

function patients(n: number): Uint8Array {
  const rows: unknown[][] = [["erm", "first_name", "last_name", "gender", "phone"]];
  for (let i = 0; i < n; i++) {
    rows.push([String(i).padStart(8, "0"), `Nama${i}`, `Keluarga ${i % 97}`, "L", "0812"]);
  }
  return writeXlsx(rows);
}

/** An E-Klaim export of `n` inpatient rows (none matching a stay). */
const eklaim = (n: number, sep = (i: number) => `0301R001B${String(i).padStart(10, "0")}`) =>
  eklaimTxt(Array.from({ length: n }, (_, i) => ({
    sep: sep(i),
    mrn: `X${i}`,
    admission: "2026-11-01",
    discharge: "2026-11-04",
    inacbg: "J-4-16-I",
    tarif: 5_000_000,
    tarifRs: 4_500_000,
  })));

/** Uploads `content` as the multipart field `file` over HTTP. */
async function upload(url: string, cookie: string, name: string, content: string | Uint8Array) {
  const fd = new FormData();
  fd.append("file", new File([content as BlobPart], name));
  const r = await fetch(url, { method: "POST", body: fd, headers: { cookie } });
  return { status: r.status, body: await r.json() };
}

/** Runs `f` with `PARSE_LIMITS` changed by `over`, restored after. */
async function withLimits(over: Partial<typeof PARSE_LIMITS>, f: () => Promise<void>) {
  const saved = { ...PARSE_LIMITS };
  Object.assign(PARSE_LIMITS, over);
  try {
    await f();
  } finally {
    Object.assign(PARSE_LIMITS, saved);
  }
}

Deno.test({
  name: "import slots: six large imports at once, then a one-row room import succeeds",
  ...options,
}, async () => {
  await using t = await setup();
  await using srv = serve(t.app.fetch);
  const big = bigFile();
  // the four that wait give up (429) while the first two are read: their turns must not leak
  await withLimits({ waitMs: 100 }, async () => {
    const six = await Promise.all(
      Array.from(
        { length: 6 },
        () => upload(`${srv.url}/api/room/import`, t.cookie, "p.xlsx", big),
      ),
    );
    const statuses = six.map((r) => r.status).sort();
    assert.ok(statuses.includes(429), statuses.join(","));
    for (const r of six) assert.ok([400, 429].includes(r.status), r.body.message);
  });
  const cls = { id: "", name: "Kelas II", desc: "", classtype: "second" };
  assert.equal((await t.post("/api/class-room/update", cls)).status, 200);
  const one = await upload(
    `${srv.url}/api/room/import`,
    t.cookie,
    "ruang.xlsx",
    writeXlsx([["name", "classroom"], ["Melati", "Kelas II"]]),
  );
  assert.equal(one.status, 200, one.body.message);
  assert.match(one.body.message, /^Impor .* berhasil: 1 baru/);
});

Deno.test({
  name: "import slots: the E-Klaim TXT is parsed in an import worker, under the parse limits",
  ...options,
}, async () => {
  await using t = await setup();
  await using srv = serve(t.app.fetch);
  const url = `${srv.url}/api/klaim/import-eklaim`;
  await withLimits({ ms: 5 }, async () => {
    const r = await upload(url, t.cookie, "eklaim.txt", eklaim(5_000));
    assert.equal(r.status, 400, r.body.message);
    assert.equal(r.body.message, "Berkas ditolak: pembacaan melebihi batas waktu 0.005 detik.");
  });
  // a refusal made in the worker keeps its lines
  const bad = await upload(
    url,
    t.cookie,
    "eklaim.txt",
    eklaim(3, (i) => i === 1 ? "SEP?" : `S${i}`),
  );
  assert.equal(bad.status, 400);
  assert.match(bad.body.message, /^Impor dibatalkan, tidak ada data yang disimpan\. 1 kesalahan:/);
  assert.deepEqual(bad.body.errors, ['Baris 3: SEP "SEP?" tidak valid.']);
  // and a good file is read as before
  const ok = await upload(url, t.cookie, "eklaim.txt", eklaim(3));
  assert.equal(ok.status, 200, ok.body.message);
  assert.deepEqual([ok.body.rows, ok.body.matched, ok.body.unmatched.total], [3, 0, 3]);
});

Deno.test({
  name: "import slots: uploads waiting for their parse hold no request slot (REQUESTS_AT_ONCE=2)",
  ...options,
}, async () => {
  await using t = await setup({ config: { requestsAtOnce: 2 } });
  await using srv = serve(t.app.fetch);
  const big = bigFile();
  await withLimits({ concurrent: 1, waitMs: 120_000 }, async () => {
    let settled = 0;
    const uploads = [
      upload(`${srv.url}/api/room/import`, t.cookie, "p.xlsx", big),
      upload(`${srv.url}/api/room/import`, t.cookie, "p2.xlsx", big),
      upload(`${srv.url}/api/klaim/import-eklaim`, t.cookie, "eklaim.txt", eklaim(10_000)),
    ].map((p) => p.finally(() => settled++));
    await new Promise((ok) => setTimeout(ok, 100)); // all three are in the server
    const r = await fetch(`${srv.url}/api/pasien?draw=1&start=0&length=5`, {
      headers: { cookie: t.cookie },
    });
    assert.equal(r.status, 200);
    await r.body?.cancel();
    // the list did not wait for any of them (read one after another, in about a second)
    assert.equal(settled, 0);
    // the patient files refused for their columns, the export read (its rows match no stay)
    const done = await Promise.all(uploads);
    assert.deepEqual(
      done.map((u) => u.status),
      [400, 400, 200],
      done.map((u) => u.body.message).join(" | "),
    );
  });
});
