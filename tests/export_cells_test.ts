import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { setup } from "./helpers.ts";
import { admit, seedIpd } from "./ipd_fixtures.ts";
import { admitDischarge, eklaimTxt } from "./claim_fixtures.ts";

const NOW = new Date("2026-11-24T05:00:00Z");
/** A header that names a moment or a day. */
const DATE_HEADER = /tanggal|waktu|tgl/i;
/** Text that reads as a date: a date written as a text cell. */
const DATE_TEXT = /^\d{1,4}[-/.]\d{1,2}[-/.]\d{2,4}(\s|$)/;

/** Every cell of the first sheet under its header: type, number format and value. */
async function cellsOf(res: Response) {
  assert.equal(res.status, 200, res.url);
  const wb = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: "array", cellNF: true });
  const ws = wb.Sheets[wb.SheetNames[0]];
  const range = XLSX.utils.decode_range(ws["!ref"]!);
  const out: { header: string; t: string; z?: string; v: unknown; w?: string }[] = [];
  for (let c = range.s.c; c <= range.e.c; c++) {
    const header = String(ws[XLSX.utils.encode_cell({ r: 0, c })]?.v ?? "");
    for (let r = 1; r <= range.e.r; r++) {
      const cell = ws[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined;
      if (cell) out.push({ header, t: cell.t, z: cell.z as string, v: cell.v, w: cell.w });
    }
  }
  return out;
}

Deno.test("every export writes each date as an Excel date: no date column holds text, no text reads as a date", async () => {
  await using t = await setup({ now: () => NOW });
  const w = await seedIpd(t);
  const id = await admitDischarge(
    t,
    w,
    w.pasien,
    { masuk: "2026-11-01", pulang: "2026-11-04" },
    w.j4,
    "1500000",
  );
  await admit(t, w, { pasienId: w.pasien2, visitDate: "2026-11-22T09:30" });
  const sep = "0301R0011126V000001";
  const line = {
    sep,
    mrn: "000123",
    admission: "2026-11-01",
    discharge: "2026-11-04",
    inacbg: "J-4-16-II",
    tarif: 5_200_000,
    tarifRs: 1_500_000,
  };
  assert.equal(
    (await t.upload("/api/klaim/import-eklaim", "e.txt", eklaimTxt([line]))).status,
    200,
  );
  for (
    const f of <Record<string, string>[]> [
      { status: "terkirim" },
      { status: "layak", amount: "4800000" },
      { status: "dibayar", amount: "4800000", date: "20-11-2026" },
    ]
  ) {
    const _version = (await t.json(`/api/klaim/${id}`)).body.data._version;
    const r = await t.post(`/api/klaim/${id}/status`, { ...f, _version });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  // each export, with the dates it must hold (header: the day shown, in the hospital's zone)
  const exports: Record<string, Record<string, string>> = {
    "/api/klaim/export": { "Tanggal Pulang": "04-11-2026 11:00", "Tanggal Bayar": "20-11-2026" },
    "/api/ipd/export-ipd-data": { "Tanggal Masuk": "22-11-2026 09:30" },
    "/api/ipd/export-ipd-discharge-data": {
      "Tanggal Masuk": "01-11-2026 08:00",
      "Tanggal Pulang": "04-11-2026 11:00",
    },
    "/api/pasien/export": { "Tanggal Lahir": "02-11-1980" },
    "/api/audit/export": { Waktu: "" },
  };
  for (const [path, dates] of Object.entries(exports)) {
    const cells = await cellsOf(await t.req(path));
    assert.ok(cells.length, path);
    for (const c of cells) {
      const where = `${path} ${c.header}: ${c.t} ${JSON.stringify(c.v)}`;
      if (DATE_HEADER.test(c.header)) {
        assert.equal(c.t, "n", `${where} is not a date cell`);
        assert.match(c.z ?? "", /^dd-mm-yyyy( hh:mm)?$/, where);
      } else if (c.t === "s") {
        assert.doesNotMatch(String(c.v), DATE_TEXT, `${where} reads as a date`);
      }
    }
    for (const [header, shown] of Object.entries(dates)) {
      const found = cells.filter((c) => c.header === header);
      assert.ok(found.length, `${path}: no ${header}`);
      if (shown) {
        assert.ok(found.some((c) => c.w === shown), `${path} ${header}: ${JSON.stringify(found)}`);
      }
    }
  }
});
