/**
 * A ZIP archive written as a stream (what an .xlsx is): each entry deflated as its bytes come
 * (`CompressionStream("deflate-raw")`), its CRC and sizes in a data descriptor after it, and the
 * central directory at the end, so no entry is ever held whole in memory.
 */

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(crc: number, b: Uint8Array): number {
  let c = ~crc;
  for (let i = 0; i < b.length; i++) c = CRC_TABLE[(c ^ b[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

/** One entry of the archive: a name and its bytes, produced lazily. */
export interface ZipEntry {
  name: string;
  data: () => AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

async function* deflate(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, sum: {
  crc: number;
  size: number;
}): AsyncGenerator<Uint8Array> {
  const cs = new CompressionStream("deflate-raw");
  const w = cs.writable.getWriter();
  const feeding = (async () => {
    try {
      for await (const chunk of source) {
        sum.crc = crc32(sum.crc, chunk);
        sum.size += chunk.length;
        await w.write(chunk as Uint8Array<ArrayBuffer>);
      }
      await w.close();
    } catch (e) {
      await w.abort(e).catch(() => {});
      throw e;
    }
  })();
  const r = cs.readable.getReader();
  try {
    for (;;) {
      const { done, value } = await r.read();
      if (done) break;
      yield value;
    }
  } finally {
    r.releaseLock();
  }
  await feeding;
}

const enc = new TextEncoder();

/** DOS date and time of `d` (local fields are fine for an export's stamp). */
function dosTime(d: Date): [number, number] {
  return [
    (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  ];
}

/** The archive of `entries` as a stream of bytes (entries and sizes under 4 GiB). */
export function zipStream(entries: ZipEntry[], now = new Date()): ReadableStream<Uint8Array> {
  const [time, date] = dosTime(now);
  async function* parts(): AsyncGenerator<Uint8Array> {
    const central: Uint8Array[] = [];
    let offset = 0;
    for (const e of entries) {
      const name = enc.encode(e.name);
      const head = new Uint8Array(30 + name.length);
      const h = new DataView(head.buffer);
      h.setUint32(0, 0x04034b50, true);
      h.setUint16(4, 20, true);
      h.setUint16(6, 0x0808, true); // sizes in a data descriptor; UTF-8 names
      h.setUint16(8, 8, true); // deflate
      h.setUint16(10, time, true);
      h.setUint16(12, date, true);
      h.setUint16(26, name.length, true);
      head.set(name, 30);
      yield head;
      const start = offset;
      offset += head.length;
      const sum = { crc: 0, size: 0 };
      let packed = 0;
      for await (const chunk of deflate(e.data(), sum)) {
        packed += chunk.length;
        yield chunk;
      }
      offset += packed;
      const desc = new Uint8Array(16);
      const d = new DataView(desc.buffer);
      d.setUint32(0, 0x08074b50, true);
      d.setUint32(4, sum.crc, true);
      d.setUint32(8, packed, true);
      d.setUint32(12, sum.size, true);
      yield desc;
      offset += 16;
      const cd = new Uint8Array(46 + name.length);
      const c = new DataView(cd.buffer);
      c.setUint32(0, 0x02014b50, true);
      c.setUint16(4, 20, true);
      c.setUint16(6, 20, true);
      c.setUint16(8, 0x0808, true);
      c.setUint16(10, 8, true);
      c.setUint16(12, time, true);
      c.setUint16(14, date, true);
      c.setUint32(16, sum.crc, true);
      c.setUint32(20, packed, true);
      c.setUint32(24, sum.size, true);
      c.setUint16(28, name.length, true);
      c.setUint32(42, start, true);
      cd.set(name, 46);
      central.push(cd);
    }
    const cdStart = offset;
    let cdSize = 0;
    for (const cd of central) {
      cdSize += cd.length;
      yield cd;
    }
    const end = new Uint8Array(22);
    const v = new DataView(end.buffer);
    v.setUint32(0, 0x06054b50, true);
    v.setUint16(8, central.length, true);
    v.setUint16(10, central.length, true);
    v.setUint32(12, cdSize, true);
    v.setUint32(16, cdStart, true);
    yield end;
  }
  const it = parts();
  return new ReadableStream<Uint8Array>({
    async pull(ctl) {
      const { done, value } = await it.next();
      if (done) ctl.close();
      else ctl.enqueue(value);
    },
    async cancel() {
      await it.return(undefined);
    },
  });
}
