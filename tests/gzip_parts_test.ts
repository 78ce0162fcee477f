import assert from "node:assert/strict";
import { gunzipSync } from "node:zlib";
import { createHash } from "node:crypto";
import { deflateOnce, gzipParts } from "../lib/http/gzip_parts.ts";
import { setup } from "./helpers.ts";

/** Pieces deflated once and pieces deflated per answer make one gzip member a browser reads. */

const enc = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(gunzipSync(b));

Deno.test("gzip parts: a piece deflated once spliced between pieces deflated now reads back whole", async () => {
  const css = enc(":root{--bg:#f2f4f7}".repeat(2000)); // 38 KB, more than deflate's 32 KB window
  const once = deflateOnce(css);
  const head = "<!DOCTYPE html><html><head><title>Pasien</title><style>";
  const tail = "</style></head><body>" + "<tr><td>Budi</td></tr>".repeat(500) + "</body></html>";
  const whole = head + new TextDecoder().decode(css) + tail;
  assert.equal(text(gzipParts([enc(head), once, enc(tail)])), whole);
  assert.equal(text(gzipParts([once, enc(tail)])), new TextDecoder().decode(css) + tail);
  assert.equal(text(gzipParts([enc(head), once])), head + new TextDecoder().decode(css));
  assert.equal(text(gzipParts([enc(""), once, once, enc("")])), ":root{--bg:#f2f4f7}".repeat(4000));
  // the same bytes as the browser's own decoder reads them (and its CRC and length checks)
  const viaStream = new Response(
    new Blob([gzipParts([enc(head), once, enc(tail)]) as BlobPart]).stream()
      .pipeThrough(new DecompressionStream("gzip")),
  );
  assert.equal(await viaStream.text(), whole);
});

Deno.test("gzip parts: a page is sent gzipped with its inline stylesheet, the same page as unzipped", async () => {
  await using t = await setup();
  const plain = await t.req("/pasien", { headers: { "accept-encoding": "identity" } });
  assert.equal(plain.headers.get("content-encoding"), null);
  const html = await plain.text();
  const css = html.match(/<style>([^<]*)<\/style>/)?.[1] ?? "";
  assert.ok(css.length > 10_000, "the stylesheet is inline");
  const zipped = await t.req("/pasien", { headers: { "accept-encoding": "gzip, deflate, br" } });
  assert.equal(zipped.headers.get("content-encoding"), "gzip");
  assert.match(zipped.headers.get("vary") ?? "", /accept-encoding/i);
  assert.match(zipped.headers.get("content-type") ?? "", /^text\/html; charset=UTF-8/);
  const bytes = new Uint8Array(await zipped.arrayBuffer());
  assert.ok(bytes.length * 2 < new TextEncoder().encode(html).length, "compressed");
  assert.equal(text(bytes), html);
  // the CSP hash names exactly the stylesheet sent
  const policy = zipped.headers.get("content-security-policy") ?? "";
  const hash = createHash("sha256").update(css).digest("base64");
  assert.ok(policy.includes(`'sha256-${hash}'`), policy);
});
