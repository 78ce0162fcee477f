import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { streamXlsx } from "../lib/resource/xlsx_stream.ts";
import type { ExportColumn } from "../lib/resource/xlsx_export.ts";

interface R {
  name: string;
  amount: number | null;
  at: string;
  pct: number;
  days: number;
}

const columns: ExportColumn<R>[] = [
  { title: "Nama", type: "text", value: (r) => r.name, width: 30 },
  { title: "Jumlah", type: "money", value: (r) => r.amount },
  { title: "Waktu", type: "datetime", value: (r) => r.at },
  { title: "Analisa (%)", type: "percent", value: (r) => r.pct },
  { title: "Hari", type: "number", value: (r) => r.days },
];

Deno.test("streamed xlsx: many chunks of rows read back cell for cell by SheetJS", async () => {
  const odd = ['=HYPERLINK("http://x")', 'A & B <c> "d"', "tab\there", "bel\u0007l", "Ñoño 日本"];
  const rows: R[] = Array.from({ length: 2_345 }, (_, i) => ({
    name: i < odd.length ? odd[i] : `Pasien ${i % 300}`,
    amount: i % 7 === 0 ? null : i === 9 ? -13_300_100 : i * 1000,
    at: new Date(Date.UTC(2026, 0, 1, 3, i % 60)).toISOString(),
    pct: Math.round(i * 13.37) / 100,
    days: i % 30,
  }));
  const bytes = new Uint8Array(await new Response(streamXlsx(columns, rows, "Uji")).arrayBuffer());
  const wb = XLSX.read(bytes, { cellNF: true });
  assert.deepEqual(wb.SheetNames, ["Uji"]);
  const ws = wb.Sheets.Uji;
  assert.equal(ws["!ref"], "A1:E2346");
  const got = XLSX.utils.sheet_to_json<Record<string, unknown>>(ws, { raw: true });
  assert.equal(got.length, rows.length);
  for (const [i, r] of rows.entries()) {
    const want = r.name.replaceAll("\u0007", "");
    assert.equal(got[i]["Nama"], want, `row ${i}`);
    assert.equal(got[i]["Jumlah"], r.amount ?? undefined);
    assert.equal(got[i]["Analisa (%)"], r.pct);
    assert.equal(got[i]["Hari"], r.days);
  }
  assert.equal(ws.A2.t, "s");
  assert.equal(ws.A2.f, undefined);
  assert.equal(ws.B3.z, '"Rp "#,##0;-"Rp "#,##0');
  // a loss reads with the sign before the currency, as on the screens ('-Rp 13.300.100')
  assert.equal(ws.B11.v, -13_300_100);
  assert.equal(ws.B11.w, "-Rp 13,300,100"); // SheetJS writes US grouping; Excel the user's
  assert.equal(ws.C2.t, "n");
  assert.equal(XLSX.SSF.format("dd-mm-yyyy hh:mm", ws.C2.v), "01-01-2026 10:00");
  assert.equal(ws.D2.z, "0.00");
});

Deno.test("streamed xlsx: an empty export is a valid workbook with only the header", async () => {
  const bytes = new Uint8Array(await new Response(streamXlsx(columns, [])).arrayBuffer());
  const wb = XLSX.read(bytes);
  const ws = wb.Sheets[wb.SheetNames[0]];
  assert.deepEqual(XLSX.utils.sheet_to_json(ws, { header: 1 }), [
    ["Nama", "Jumlah", "Waktu", "Analisa (%)", "Hari"],
  ]);
});

/** The text of one part of an .xlsx (a ZIP), as written. */
function part(bytes: Uint8Array, name: string): string {
  const zip = XLSX.CFB.read(bytes, { type: "array" });
  const i = zip.FullPaths.findIndex((p: string) => p.endsWith(`/${name}`));
  assert.ok(i >= 0, `${name} in the archive`);
  return new TextDecoder().decode(zip.FileIndex[i].content as Uint8Array);
}

Deno.test("streamed xlsx: filter buttons on the header row, the header frozen (the sheet's XML)", async () => {
  const rows: R[] = Array.from({ length: 3 }, (_, i) => ({
    name: `P${i}`,
    amount: i,
    at: "2026-01-01T00:00:00Z",
    pct: 0,
    days: i,
  }));
  const bytes = new Uint8Array(
    await new Response(streamXlsx(columns, rows, "Pasien 'A'")).arrayBuffer(),
  );
  const sheet = part(bytes, "xl/worksheets/sheet1.xml");
  // the autofilter spans the header and the 3 rows under it, right after the cells
  assert.ok(sheet.includes('</sheetData><autoFilter ref="A1:E4"/></worksheet>'), sheet.slice(-200));
  // the pane is split below row 1 and frozen, before the columns as the schema orders it
  assert.match(
    sheet,
    /<dimension ref="A1:E4"\/><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"\/>.*<\/sheetViews><cols>/,
  );
  // Excel's name for the filtered range, quoted sheet name and all
  assert.ok(
    part(bytes, "xl/workbook.xml").includes(
      '<definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">' +
        "'Pasien ''A'''!$A$1:$E$4</definedName>",
    ),
  );
  // and SheetJS reads the filter back
  const ws = XLSX.read(bytes).Sheets["Pasien 'A'"];
  assert.deepEqual(ws["!autofilter"], { ref: "A1:E4" });

  const empty = new Uint8Array(await new Response(streamXlsx(columns, [])).arrayBuffer());
  assert.ok(part(empty, "xl/worksheets/sheet1.xml").includes('<autoFilter ref="A1:E1"/>'));
});
