/** A real 1x1 PNG. */
export const PNG = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  ),
  (c) => c.charCodeAt(0),
);
/** The start of a JPEG (SOI and a JFIF APP0 marker). */
export const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1]);
/** The start of a WebP (RIFF container, WEBP form). */
export const WEBP = new TextEncoder().encode("RIFF\x1a\0\0\0WEBPVP8L\x0d\0\0\0");

/** A PNG signature followed by zeros, `size` bytes long. */
export function pngOfSize(size: number): Uint8Array {
  const b = new Uint8Array(size);
  b.set(PNG.subarray(0, 8));
  return b;
}
