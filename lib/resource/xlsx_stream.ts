import type { ExportColumn } from "./xlsx_export.ts";
import { zipStream } from "./zip_stream.ts";
import { hospitalZone, withZone, zoneOffsetMs } from "../hospital_time.ts";
import { nextTurn } from "../runtime/turn.ts";

/** Rows per chunk of sheet XML (memory holds one chunk plus the distinct texts). */
const CHUNK = 500;
/** Cell style per column type (indexes into cellXfs below). */
const STYLE = { text: 0, money: 1, number: 2, percent: 3, datetime: 4, date: 5 } as const;

const enc = new TextEncoder();
const ENTITY: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ENTITY[c])
    // characters XML 1.0 cannot hold
    // deno-lint-ignore no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "");

function colName(i: number): string {
  let s = "";
  for (i++; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

const STATIC: Record<string, string> = {
  "[Content_Types].xml": XML +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
    '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
    "</Types>",
  "_rels/.rels": XML +
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/>` +
    "</Relationships>",
  "xl/_rels/workbook.xml.rels": XML +
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
    `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/>` +
    `<Relationship Id="rId3" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` +
    "</Relationships>",
  "xl/styles.xml": XML + `<styleSheet ${NS}>` +
    '<numFmts count="3"><numFmt numFmtId="164" ' +
    'formatCode="&quot;Rp &quot;#,##0;-&quot;Rp &quot;#,##0"/>' + // '-Rp 13.300.100'
    '<numFmt numFmtId="165" formatCode="dd-mm-yyyy hh:mm"/>' +
    '<numFmt numFmtId="166" formatCode="dd-mm-yyyy"/></numFmts>' +
    '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill>' +
    '<fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    '<cellXfs count="6"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
    // money, number, percent, datetime, date (`STYLE`)
    [164, 1, 2, 165, 166].map((id) =>
      `<xf numFmtId="${id}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`
    ).join("") + "</cellXfs></styleSheet>",
};

/** The header row frozen (a pane split below row 1, as Excel writes it). */
const FROZEN_HEADER = '<sheetViews><sheetView workbookViewId="0">' +
  '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
  '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>';

/** The filtered range: the header row (its buttons) and every row under it (`A1:E2346`). */
const filterRange = (columns: number, rows: number, abs = false) => {
  const [d, end] = [abs ? "$" : "", colName(Math.max(0, columns - 1))];
  return `${d}A${d}1:${d}${end}${d}${rows + 1}`;
};

/** The cells of a sheet: each value as its column's type writes it, every text a shared string. */
function cellWriter<R>(columns: ExportColumn<R>[], offset: number) {
  const strings = new Map<string, number>();
  const sst = (s: string) => {
    let i = strings.get(s);
    if (i === undefined) strings.set(s, i = strings.size);
    return i;
  };
  const names = columns.map((_, i) => colName(i));
  const cell = (c: number, r: number, type: ExportColumn<R>["type"], v: unknown): string => {
    if (v == null || v === "") return "";
    const ref = `${names[c]}${r}`;
    const text = (s: string) => `<c r="${ref}" t="s"><v>${sst(s)}</v></c>`;
    if (type === "text") return text(String(v));
    let n: number;
    if (type === "datetime" || type === "date") {
      // a date-time is an instant shown in the hospital's zone; a date is a day, no zone
      const ms = type === "date" && /^\d{4}-\d{2}-\d{2}$/.test(String(v))
        ? Date.parse(`${v}T00:00:00Z`)
        : type === "date"
        ? NaN
        : Date.parse(String(v)) + offset;
      if (Number.isNaN(ms)) return text(String(v));
      n = ms / 86_400_000 + 25_569;
    } else n = Number(v);
    if (!Number.isFinite(n)) return text(String(v));
    return `<c r="${ref}" s="${STYLE[type]}"><v>${n}</v></c>`;
  };
  return { cell, strings };
}

/** The sheet's XML, `CHUNK` rows at a time (`load`ed first, when given), yielding between. */
async function* sheetXml<R>(
  columns: ExportColumn<R>[],
  rows: R[],
  cell: ReturnType<typeof cellWriter<R>>["cell"],
  zone: ReturnType<typeof hospitalZone>,
  load?: (chunk: R[]) => Promise<R[]>,
): AsyncGenerator<Uint8Array> {
  const range = filterRange(columns.length, rows.length);
  const cols = columns.map((c, i) =>
    `<col min="${i + 1}" max="${i + 1}" width="${
      c.width ?? Math.max(10, c.title.length + 2)
    }" customWidth="1"/>`
  ).join("");
  yield enc.encode(
    XML + `<worksheet ${NS} xmlns:r="${REL}"><dimension ref="${range}"/>` + FROZEN_HEADER +
      `<cols>${cols}</cols><sheetData><row r="1">` +
      columns.map((c, i) => cell(i, 1, "text", c.title)).join("") + "</row>",
  );
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    const got = load ? await load(part) : part;
    const xml = withZone(zone, () => {
      let xml = "";
      for (let k = 0; k < got.length; k++) {
        const r = i + k + 2;
        xml += `<row r="${r}">`;
        for (let c = 0; c < columns.length; c++) {
          xml += cell(c, r, columns[c].type, columns[c].value(got[k]));
        }
        xml += "</row>";
      }
      return xml;
    });
    yield enc.encode(xml);
    await nextTurn(); // let other requests in
  }
  // filter buttons on the header row (`autoFilter` comes right after `sheetData`)
  yield enc.encode(`</sheetData><autoFilter ref="${range}"/></worksheet>`);
}

/** The shared strings table, in pieces of about 64 KB. */
function* sharedStrings(strings: Map<string, number>): Generator<Uint8Array> {
  yield enc.encode(
    XML + `<sst ${NS} count="${strings.size}" uniqueCount="${strings.size}">`,
  );
  let xml = "";
  for (const s of strings.keys()) {
    xml += `<si><t xml:space="preserve">${esc(s)}</t></si>`;
    if (xml.length > 65_536) {
      yield enc.encode(xml);
      xml = "";
    }
  }
  yield enc.encode(xml + "</sst>");
}

/** The .xlsx of `rows` as a stream; `load` turns each chunk of rows into the rows written. */
export function streamXlsx<R>(
  columns: ExportColumn<R>[],
  rows: R[],
  sheet = "Data",
  load?: (chunk: R[]) => Promise<R[]>,
): ReadableStream<Uint8Array> {
  const zone = hospitalZone(); // rows are read while the answer is sent, after the request
  const { cell, strings } = cellWriter(columns, zoneOffsetMs());
  const fixed = (name: string, xml = STATIC[name]) => ({ name, data: () => [enc.encode(xml)] });
  const name = sheet.slice(0, 31);
  const range = filterRange(columns.length, rows.length, true);
  return zipStream([
    fixed("[Content_Types].xml"),
    fixed("_rels/.rels"),
    fixed(
      "xl/workbook.xml",
      XML + `<workbook ${NS} xmlns:r="${REL}"><sheets>` +
        `<sheet name="${esc(name)}" sheetId="1" r:id="rId1"/></sheets>` +
        // the autofilter's range, as Excel names it
        '<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" ' +
        `hidden="1">'${esc(name.replaceAll("'", "''"))}'!${range}</definedName></definedNames>` +
        "</workbook>",
    ),
    fixed("xl/_rels/workbook.xml.rels"),
    fixed("xl/styles.xml"),
    { name: "xl/worksheets/sheet1.xml", data: () => sheetXml(columns, rows, cell, zone, load) },
    { name: "xl/sharedStrings.xml", data: () => sharedStrings(strings) },
  ]);
}
