import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * A constant piece of many answers (a page's inline stylesheet), deflated once: raw deflate
 * ending on a full flush, so no later piece refers back into it and it can sit between pieces
 * deflated per answer.
 */
export interface Deflated {
  plain: Uint8Array;
  raw: Uint8Array;
}

/** Deflates `plain` once for `gzipParts`. */
export function deflateOnce(plain: Uint8Array): Deflated {
  return { plain, raw: deflateRawSync(plain, { level: 1, finishFlush: constants.Z_FULL_FLUSH }) };
}

const HEADER = Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff);

/**
 * One gzip member of `parts` in order: plain bytes deflated now (level 1, each its own deflate
 * stream ending on a sync flush, the last one finished), `Deflated` pieces spliced as they are.
 * Deflate streams are a sequence of blocks, so streams flushed to a byte boundary join into one.
 */
export function gzipParts(parts: (Uint8Array | Deflated)[]): Uint8Array<ArrayBuffer> {
  const out: Uint8Array[] = [HEADER];
  let crc = 0, size = 0;
  parts.forEach((p, i) => {
    const plain = p instanceof Uint8Array ? p : p.plain;
    crc = crc32(plain, crc);
    size += plain.length;
    const flush = i < parts.length - 1 ? constants.Z_SYNC_FLUSH : undefined;
    out.push(p instanceof Uint8Array ? deflateRawSync(p, { level: 1, finishFlush: flush }) : p.raw);
  });
  if (!(parts.at(-1) instanceof Uint8Array)) out.push(deflateRawSync(new Uint8Array(0)));
  const trailer = new DataView(new ArrayBuffer(8));
  trailer.setUint32(0, crc >>> 0, true);
  trailer.setUint32(4, size >>> 0, true);
  out.push(new Uint8Array(trailer.buffer));
  const body = new Uint8Array(out.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of out) body.set(b, at), at += b.length;
  return body;
}

const encoder = new TextEncoder();

/**
 * An HTML page whose `slot` stands for a constant piece (the inline stylesheet, a third of a
 * list page): gzipped (`gzip`) with that piece deflated once, else as text.
 */
export function pageBody(
  html: string,
  slot: string,
  piece: { text: string; deflated: Deflated },
  gzip: boolean,
): { body: Uint8Array<ArrayBuffer> | string; headers: Record<string, string> } {
  const at = html.indexOf(slot);
  if (at < 0) return { body: html, headers: {} };
  const head = html.slice(0, at), tail = html.slice(at + slot.length);
  if (!gzip) return { body: head + piece.text + tail, headers: {} };
  const body = gzipParts([encoder.encode(head), piece.deflated, encoder.encode(tail)]);
  return { body, headers: { "content-encoding": "gzip", vary: "accept-encoding" } };
}
