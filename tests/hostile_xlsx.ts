import zlib from "node:zlib";

/** One zip entry, deflated. */
interface Entry {
  name: string;
  data: Uint8Array;
  /** Already deflated: `data` is the packed bytes, with this CRC and unpacked size. */
  packed?: { crc: number; size: number };
}

const enc = new TextEncoder();

/** A zip archive of `entries` (deflate), as Excel writes an .xlsx. */
export function zip(entries: Entry[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = enc.encode(e.name);
    const packed = e.packed ? e.data : zlib.deflateRawSync(e.data, { level: 9 });
    const crc = e.packed?.crc ?? zlib.crc32(e.data);
    const size = e.packed?.size ?? e.data.length;
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(8, 8, true);
    local.setUint32(14, crc, true);
    local.setUint32(18, packed.length, true);
    local.setUint32(22, size, true);
    local.setUint16(26, name.length, true);
    const cd = new DataView(new ArrayBuffer(46));
    cd.setUint32(0, 0x02014b50, true);
    cd.setUint16(4, 20, true);
    cd.setUint16(6, 20, true);
    cd.setUint16(10, 8, true);
    cd.setUint32(16, crc, true);
    cd.setUint32(20, packed.length, true);
    cd.setUint32(24, size, true);
    cd.setUint16(28, name.length, true);
    cd.setUint32(42, offset, true);
    parts.push(new Uint8Array(local.buffer), name, packed);
    central.push(new Uint8Array(cd.buffer), name);
    offset += 30 + name.length + packed.length;
  }
  const cdSize = central.reduce((n, p) => n + p.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, cdSize, true);
  end.setUint32(16, offset, true);
  const all = [...parts, ...central, new Uint8Array(end.buffer)];
  const out = new Uint8Array(all.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of all) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * A small .xlsx whose one sheet unpacks to `mb` megabytes, nearly all whitespace between two
 * rows (a "whitespace bomb": ~1,000:1 compression, under the unzipped-size limit).
 */
export async function whitespaceBomb(mb = 190): Promise<Uint8Array> {
  const sheetHead = enc.encode(
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>kode</t></is></c></row>',
  );
  const sheetTail = enc.encode(
    '<row r="2"><c r="A2" t="inlineStr"><is><t>X</t></is></c></row></sheetData></worksheet>',
  );
  // deflated as a stream, so the 190 MB never sit in memory at once
  const spaces = new Uint8Array(1 << 20).fill(0x20);
  const total = mb * 1_000_000;
  let crc = zlib.crc32(sheetHead);
  let left = total - sheetHead.length - sheetTail.length;
  let sentHead = false;
  const source = new ReadableStream<Uint8Array>({
    pull(ctl) {
      if (!sentHead) {
        sentHead = true;
        ctl.enqueue(sheetHead.slice());
      } else if (left > 0) {
        const c = spaces.slice(0, Math.min(spaces.length, left));
        crc = zlib.crc32(c, crc);
        left -= c.length;
        ctl.enqueue(c);
      } else {
        crc = zlib.crc32(sheetTail, crc);
        ctl.enqueue(sheetTail.slice());
        ctl.close();
      }
    },
  });
  const packed = new Uint8Array(
    await new Response(source.pipeThrough(
      new CompressionStream("deflate-raw") as unknown as TransformStream<Uint8Array, Uint8Array>,
    )).arrayBuffer(),
  );
  const x = (s: string) => enc.encode(s);
  return zip([
    {
      name: "[Content_Types].xml",
      data: x(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
    },
    {
      name: "_rels/.rels",
      data: x(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      ),
    },
    {
      name: "xl/workbook.xml",
      data: x(
        '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      data: x(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
    },
    { name: "xl/worksheets/sheet1.xml", data: packed, packed: { crc, size: total } },
  ]);
}
