/** Beginnings for which SheetJS's `read` takes a text for another format or a set separator. */
function sniffed(text: string): boolean {
  const first = text.charCodeAt(0);
  return first <= 0x20 || first >= 0x7f || "<ITP{01".includes(text[0]) ||
    text.startsWith("sep=") || text.startsWith("socialcalc:version:");
}

/** The separator SheetJS guesses from a text's first 1,024 characters. */
function isCommaSeparated(head: string): boolean {
  const n: Record<string, number> = { ",": 0, "\t": 0, ";": 0, "|": 0 };
  let quoted = false;
  for (const ch of head) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch in n) n[ch]++;
  }
  // ties go to the comma (SheetJS weighs it first)
  return n[","] >= n["\t"] && n[","] >= n[";"] && n[","] >= n["|"];
}

/**
 * The cells of comma-separated text as SheetJS's `read(text, { type: "string", raw: true,
 * dense: true, sheetRows })` gives them (empty cells and rows as holes), a row without a quote
 * split natively. Null when SheetJS would read the text another way: parse it with SheetJS then.
 */
export function csvCells(text: string, sheetRows: number): string[][] | null {
  if (!text || sniffed(text) || !isCommaSeparated(text.slice(0, 1024))) return null;
  const rows: string[][] = [];
  const n = text.length;
  // the next quote, LF and CR at or after p (-1: not looked for yet; n: none left)
  let r = 0, p = 0, quote = -1, lf = -1, cr = -1;
  const next = (ch: string) => {
    const i = text.indexOf(ch, p);
    return i < 0 ? n : i;
  };
  while (p < n) {
    if (quote < p) quote = next('"');
    if (lf < p) lf = next("\n");
    if (cr < p) cr = next("\r");
    const eol = Math.min(lf, cr);
    if (quote < eol) p = quotedRow(text, p, rows, r);
    else {
      const cells = text.slice(p, eol).split(",");
      if (!cells.includes("")) rows[r] = cells;
      else {
        for (let c = 0; c < cells.length; c++) if (cells[c]) (rows[r] ??= [])[c] = cells[c];
      }
      p = eol === cr && lf === cr + 1 ? eol + 2 : eol + 1;
    }
    if (++r >= sheetRows && sheetRows > 0) break;
  }
  return rows;
}

/** Reads row `r` (holding a quote) from `p` as SheetJS does; returns where the next row starts. */
function quotedRow(text: string, p: number, rows: string[][], r: number): number {
  let c = 0, start = p, quoted = false, opensQuoted = text.charCodeAt(p) === 0x22;
  const cell = (end: number) => {
    let s = text.slice(start, end);
    if (s.endsWith("\r")) s = s.slice(0, -1);
    if (s.length > 1 && s[0] === '"' && s.endsWith('"')) s = s.slice(1, -1).replaceAll('""', '"');
    else if (s === '"') s = "";
    if (s.length) (rows[r] ??= [])[c] = s;
    start = end + 1;
    opensQuoted = text.charCodeAt(start) === 0x22;
  };
  for (let end = p; end < text.length; end++) {
    const cc = text.charCodeAt(end);
    if (cc === 0x22) {
      if (opensQuoted) quoted = !quoted;
    } else if (quoted) continue;
    else if (cc === 0x2c) {
      cell(end);
      c++;
    } else if (cc === 0x0a || cc === 0x0d) {
      if (cc === 0x0d && text.charCodeAt(end + 1) === 0x0a) end++;
      cell(end);
      return end + 1;
    }
  }
  // the text ends in this row (SheetJS reads a last cell only when it is not empty)
  if (text.length - start > 0) cell(text.length);
  return text.length;
}
