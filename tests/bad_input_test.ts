import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { parseEklaim } from "../lib/claim/eklaim.ts";
import { streamXlsx } from "../lib/resource/xlsx_stream.ts";
import { setup } from "./helpers.ts";
import { seedIpd } from "./ipd_fixtures.ts";
import { admitDischarge, type EklaimLine, eklaimTxt } from "./claim_fixtures.ts";

type T = Awaited<ReturnType<typeof setup>>;
const enc = new TextEncoder();

/** Every stored entry under the prefixes with its versionstamp: what a request wrote. */
async function entries(t: T, ...prefixes: string[]): Promise<string[]> {
  const out: string[] = [];
  for await (const e of t.store.kv.list({ prefix: [] })) {
    if (prefixes.some((p) => String(e.key[0]).startsWith(p))) {
      out.push(`${JSON.stringify(e.key)}@${e.versionstamp}`);
    }
  }
  return out;
}

const A: EklaimLine = {
  sep: "0301R0011126V000001",
  mrn: "000123",
  admission: "2026-11-01",
  discharge: "2026-11-04",
  inacbg: "J-4-16-II",
  tarif: 5_200_000,
  tarifRs: 1_600_000,
  diag: ["J18.9"],
  proc: ["93.96"],
};
const sep = (n: number) => `0301R0011126V00000${n}`;

Deno.test("eklaim: a tariff over Rp 100 miliar, a fraction of a rupiah, a control or bidi character and a malformed code refuse their lines; nothing is stored", async () => {
  await using t = await setup();
  const lines = eklaimTxt([
    { ...A, sep: sep(1), tarif: 999_999_999_999 },
    { ...A, sep: sep(2), mrn: "000124" },
    { ...A, sep: sep(3), mrn: "000125", nama: "BUDI\u202eNAMA" },
    { ...A, sep: sep(4), mrn: "000126", dpjp: "dr. Ani\u0007" },
    { ...A, sep: sep(5), mrn: "000127", nama: "SITI\u200f" },
    { ...A, sep: sep(6), mrn: "000128", diag: ["J18.9", "A01' OR 1=1--"] },
    { ...A, sep: sep(7), mrn: "000129", proc: ["../../93.96"] },
  ]).split("\n");
  lines[2] = lines[2].replace("\t1600000\t", "\t150.6\t");
  const r = await t.upload("/api/klaim/import-eklaim", "eklaim.txt", lines.join("\n"));
  assert.equal(r.status, 400, JSON.stringify(r.body));
  const m = r.body.message;
  assert.match(m, /^Impor dibatalkan, tidak ada data yang disimpan\. 7 kesalahan:/);
  assert.match(m, /Baris 2: TOTAL_TARIF 999\.999\.999\.999 melebihi batas Rp 100\.000\.000\.000\./);
  assert.match(m, /Baris 3: TARIF_RS "150\.6" berisi pecahan rupiah/);
  assert.match(m, /Baris 4: NAMA_PASIEN berisi karakter yang tidak diizinkan \(U\+202E\)\./);
  assert.match(m, /Baris 5: DPJP berisi karakter yang tidak diizinkan \(U\+0007\)\./);
  assert.match(m, /Baris 6: NAMA_PASIEN berisi karakter yang tidak diizinkan \(U\+200F\)\./);
  assert.match(m, /Baris 7: DIAGLIST berisi "A01' OR 1=1--", bukan kode ICD-10\./);
  assert.match(m, /Baris 8: PROCLIST berisi "\.\.\/\.\.\/93\.96", bukan kode ICD-9-CM\./);
  assert.deepEqual(await entries(t, "klaim"), []);

  // the cap itself, zero sen (E-Klaim writes `.00`) and the dotless code forms are read
  const ok = eklaimTxt([{ ...A, tarif: 100_000_000_000, diag: ["J189", "A09.9"], proc: ["9396"] }])
    .replace("\t1600000\t", "\t1600000.00\t");
  const [row] = parseEklaim(enc.encode(ok)).rows;
  assert.deepEqual(
    [row.claim.tarif, row.claim.tarifRs, row.claim.diagnoses, row.claim.procedures],
    [100_000_000_000, 1_600_000, ["J189", "A09.9"], ["9396"]],
  );
});

/** A multipart body with fields of raw bytes (a file part when a file name is given). */
type Bytes = Uint8Array<ArrayBuffer>;
function multipart(
  fields: [string, Bytes | string, string?][],
): { body: Bytes; type: string } {
  const parts: Uint8Array[] = [];
  for (const [name, value, file] of fields) {
    const disposition = `form-data; name="${name}"${file ? `; filename="${file}"` : ""}`;
    parts.push(enc.encode(`--XB\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    parts.push(typeof value === "string" ? enc.encode(value) : value, enc.encode("\r\n"));
  }
  parts.push(enc.encode("--XB--\r\n"));
  const body = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) body.set(p, at), at += p.length;
  return { body, type: "multipart/form-data; boundary=XB" };
}

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => typeof p === "string" ? [...enc.encode(p)] : p));

/** The bodies sent: each with invalid UTF-8 in the field `desc`, as a browser or a script may. */
const BAD_BODIES: [string, Bytes, string][] = [
  [
    "form, percent-encoded",
    enc.encode("id=&kind=icd10&code=A09.9&desc=Diare%FF%FEakut"),
    "application/x-www-form-urlencoded",
  ],
  [
    "form, raw bytes",
    bytes("id=&kind=icd10&code=A09.9&desc=Diare", [0xc3, 0x28], "akut"),
    "application/x-www-form-urlencoded;charset=UTF-8",
  ],
  [
    "multipart",
    ...Object.values(multipart([["id", ""], ["kind", "icd10"], ["code", "A09.9"], [
      "desc",
      bytes("Diare", [0xed, 0xa0, 0x80]),
    ]])) as [Bytes, string],
  ],
  [
    "JSON",
    bytes('{"id":"","kind":"icd10","code":"A09.9","desc":"Diare', [0xff], '"}'),
    "application/json",
  ],
];

Deno.test("forms: a field whose bytes are not UTF-8 gets 400 naming it, through app.request and over HTTP; nothing is stored", async () => {
  await using t = await setup();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, t.app.fetch);
  const url = `http://127.0.0.1:${server.addr.port}`;
  try {
    const viaHttp = (path: string, init: RequestInit) =>
      fetch(`${url}${path}`, { ...init, headers: { cookie: t.cookie, ...init.headers } });
    for (const send of [t.req, viaHttp]) {
      for (const [what, body, type] of BAD_BODIES) {
        for (const path of ["/api/icd/update", "/api/ipd/visitexamination/update"]) {
          const res = await send(path, {
            method: "POST",
            body: body.slice(),
            headers: { "content-type": type },
          });
          const got = await res.json();
          assert.equal(res.status, 400, `${what} ${path}: ${JSON.stringify(got)}`);
          assert.equal(
            got.message,
            "Isian desc berisi teks yang bukan UTF-8 yang sah; periksa isinya lalu kirim ulang.",
            `${what} ${path}`,
          );
          assert.equal(got.field, "desc", what);
        }
      }
      assert.deepEqual(await entries(t, "icd"), []);
    }
    // a lone surrogate in JSON (escaped, so the bytes are valid) is no text either
    const lone = await t.json("/api/icd/update", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"id":"","kind":"icd10","code":"A09.9","desc":"Diare\\ud800"}',
    });
    assert.deepEqual([lone.status, lone.body.field], [400, "desc"]);
    // valid UTF-8 is taken as sent, U+FFFD typed on purpose included; a file's bytes are no text
    for (
      const [body, type] of [
        [
          enc.encode("id=&kind=icd10&code=A09.9&desc=Diare%EF%BF%BD%C3%A9"),
          "application/x-www-form-urlencoded",
        ],
        Object.values(
          multipart([
            ["id", ""],
            ["kind", "icd10"],
            ["code", "A09.8"],
            ["desc", "Diare\ufffd\u00e9"],
            ["lampiran", bytes([0xff, 0xd8, 0xff, 0xe0]), "foto.jpg"],
          ]),
        ),
      ] as [Bytes, string][]
    ) {
      const res = await viaHttp("/api/icd/update", {
        method: "POST",
        body,
        headers: { "content-type": type },
      });
      const got = await res.json();
      assert.equal(res.status, 200, JSON.stringify(got));
      assert.equal(got.data.desc, "Diare\ufffd\u00e9");
    }
  } finally {
    await server.shutdown();
  }
});

/** A one-sheet .xlsx from rows of SheetJS cells (formula cells written with their cached value). */
function book(rows: unknown[][]): Bytes {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), "Data");
  return new Uint8Array(XLSX.write(wb, { type: "array", bookType: "xlsx" }));
}

Deno.test("xlsx imports: a formula cell is refused naming the cell, in master data and the claim status import; a CSV cell starting with = is text", async () => {
  await using t = await setup();
  // the file a spreadsheet saves: the formula with the value it last computed
  const fx = (f: string, v: string | number) =>
    typeof v === "number" ? { t: "n", f, v } : { t: "str", f, v };
  let r = await t.upload(
    "/api/icd/import",
    "icd.xlsx",
    book([["code", "desc"], ["A09.9", "Diare"], ["A00.0", fx('"Chol"&"era"', "Cholera")]]),
  );
  assert.equal(r.status, 400, JSON.stringify(r.body));
  assert.equal(
    r.body.message,
    'Impor dibatalkan, tidak ada data yang disimpan. Berkas berisi rumus di 1 sel: sel B3 (="Chol"&"era"). ' +
      "Impor membaca nilai, bukan rumus: salin sel tersebut lalu tempel sebagai nilai (Paste Special → Values), " +
      "lalu unggah lagi.",
  );
  assert.deepEqual(await entries(t, "icd"), []);
  // every .xlsx import reads its file the same way
  for (const res of ["pasien", "doctor", "room", "inacbg", "inatarif", "disputed-claim"]) {
    r = await t.upload(`/api/${res}/import`, `${res}.xlsx`, book([["kode"], [fx("1+1", 2)]]));
    assert.equal(r.status, 400, `${res}: ${JSON.stringify(r.body)}`);
    assert.match(r.body.message, /Berkas berisi rumus di 1 sel: sel A2 \(=1\+1\)/, res);
  }

  // the status import: the formula's cached value was applied as the claim's status
  const w = await seedIpd(t);
  const stay = await admitDischarge(
    t,
    w,
    w.pasien,
    { masuk: "2026-11-01", pulang: "2026-11-04" },
    w.j4,
    "1500000",
  );
  r = await t.upload("/api/klaim/import-eklaim", "eklaim.txt", eklaimTxt([A]));
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const before = await entries(t, "klaim");
  r = await t.upload(
    "/api/klaim/import-status",
    "status.xlsx",
    book([["SEP", "STATUS", "JUMLAH"], [A.sep, fx('IF(1,"terkirim","")', "terkirim"), ""]]),
  );
  assert.equal(r.status, 400, JSON.stringify(r.body));
  assert.match(r.body.message, /Berkas berisi rumus di 1 sel: sel B2 \(=IF\(1,"terkirim",""\)\)/);
  assert.deepEqual(await entries(t, "klaim"), before);
  assert.equal((await t.json(`/api/klaim/${stay}`)).body.data.status, "final");

  // CSV has no formulas: a cell starting with = is the text it is
  r = await t.upload("/api/icd/import", "icd.csv", 'code,desc\nA08.4,"=1+1 (teks)"\n');
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const icd = (await t.json("/api/icd?length=1000")).body.data;
  assert.equal(icd.find((d: { code: string }) => d.code === "A08.4")?.desc, "=1+1 (teks)");
  // and the exports write such text as a text cell, never a formula
  const xlsx = streamXlsx([{ title: "Deskripsi", type: "text", value: (s: string) => s }], [
    "=1+1",
    "@SUM(A1)",
    '+HYPERLINK("x")',
    "-2+3",
  ]);
  const wb = XLSX.read(new Uint8Array(await new Response(xlsx).arrayBuffer()), { dense: true });
  const cells = (wb.Sheets[wb.SheetNames[0]]["!data"] ?? []).slice(1).map((row) => row[0]);
  assert.deepEqual(cells.map((c) => [c.t, c.v, c.f]), [
    ["s", "=1+1", undefined],
    ["s", "@SUM(A1)", undefined],
    ["s", '+HYPERLINK("x")', undefined],
    ["s", "-2+3", undefined],
  ]);
});
