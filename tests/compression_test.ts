import assert from "node:assert/strict";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { STATIC_DIR } from "../app.ts";
import { setup } from "./helpers.ts";
import { acceptsGzip, gzipAnswers } from "../lib/http/gzip.ts";
import { Hono } from "hono";
import { readManifest } from "../lib/http/islands.ts";

const bytes = async (r: Response) => new Uint8Array(await r.arrayBuffer());

Deno.test("compression: bundle and CSS are sent as their build-time .br/.gz copies", async () => {
  await using t = await setup();
  const html = await (await t.req("/")).text(); // builds the bundle when needed
  // the page links the hashed stylesheet and carries the boot script inline (its file stays for
  // the hydration code and the islands' chunks)
  const hydrate = html.match(/"hydrate":"\/static\/build\/(hydrate-[\w]+\.js)"/)?.[1];
  const m = (await readManifest(STATIC_DIR))!;
  assert.ok(m.css && hydrate, "the hashed stylesheet and the hydration script the page names");
  for (const file of [m.css, m.boot, hydrate]) {
    const plain = await Deno.readFile(join(STATIC_DIR, "build", file));
    const br = await t.req(`/static/build/${file}`, { headers: { "accept-encoding": "gzip, br" } });
    assert.equal(br.headers.get("content-encoding"), "br");
    assert.equal(br.headers.get("vary"), "accept-encoding");
    const brBody = await bytes(br);
    assert.ok(brBody.length < plain.length, `${file}: ${brBody.length} of ${plain.length}`);
    assert.deepEqual(new Uint8Array(brotliDecompressSync(brBody)), plain);
    // the bytes sent are the file written at build time, not compressed for this request
    assert.deepEqual(brBody, await Deno.readFile(join(STATIC_DIR, "build", `${file}.br`)));
    const gz = await t.req(`/static/build/${file}`, { headers: { "accept-encoding": "gzip" } });
    assert.equal(gz.headers.get("content-encoding"), "gzip");
    assert.deepEqual(new Uint8Array(gunzipSync(await bytes(gz))), plain);
    const none = await t.req(`/static/build/${file}`, {
      headers: { "accept-encoding": "br;q=0, identity" },
    });
    assert.equal(none.headers.get("content-encoding"), null);
    assert.deepEqual(await bytes(none), plain);
  }
});

Deno.test("compression: HTML and JSON answers are gzipped when the browser accepts it", async () => {
  await using t = await setup();
  const page = await t.req("/ipd", { headers: { "accept-encoding": "gzip, deflate, br" } });
  assert.equal(page.status, 200);
  assert.equal(page.headers.get("content-encoding"), "gzip");
  assert.match(new TextDecoder().decode(gunzipSync(await bytes(page))), /Kunjungan Rawat Inap/);
  // 40 provinces: an answer of a few KB (under 1 KB one is sent plain, see below)
  const csv = "kode,nama\n" +
    Array.from({ length: 40 }, (_, i) => `${10 + i},Provinsi Nomor ${i}`).join("\n");
  assert.equal((await t.upload("/api/province/import", "p.csv", csv)).status, 200);
  const api = await t.req("/api/province?draw=1&start=0&length=100", {
    headers: { "accept-encoding": "gzip" },
  });
  assert.equal(api.headers.get("content-encoding"), "gzip");
  assert.ok(JSON.parse(new TextDecoder().decode(gunzipSync(await bytes(api)))).data);
  // without Accept-Encoding, plain
  const plain = await t.req("/ipd");
  assert.equal(plain.headers.get("content-encoding"), null);
  await plain.body?.cancel();
});

Deno.test("compression: Accept-Encoding is read as browsers send it", () => {
  assert.equal(acceptsGzip("gzip, deflate, br"), true);
  assert.equal(acceptsGzip("br;q=1.0, gzip;q=0.8"), true);
  assert.equal(acceptsGzip("*"), true);
  assert.equal(acceptsGzip("gzip;q=0"), false);
  assert.equal(acceptsGzip("br, deflate"), false);
  assert.equal(acceptsGzip(undefined), false);
});

Deno.test("compression: a gzipped answer keeps its status and headers, small ones stay plain", async () => {
  await using t = await setup();
  const csv = "kode,nama\n" +
    Array.from({ length: 40 }, (_, i) => `${10 + i},Provinsi Nomor ${i}`).join("\n");
  assert.equal((await t.upload("/api/province/import", "p.csv", csv)).status, 200);
  const gz = await t.req("/api/province?draw=1&start=0&length=100", {
    headers: { "accept-encoding": "gzip" },
  });
  assert.equal(gz.headers.get("content-encoding"), "gzip");
  assert.equal(gz.headers.get("cache-control"), "no-store");
  assert.match(gz.headers.get("vary") ?? "", /accept-encoding/i);
  assert.equal(gz.headers.get("content-length"), null);
  await gz.body?.cancel();
  const small = await t.req("/api/province?draw=1&start=0&length=1", {
    headers: { "accept-encoding": "gzip" },
  });
  assert.equal(small.headers.get("content-encoding"), null);
  assert.equal((await small.json()).data.length, 1);
  const missing = await t.req("/api/ipd/01J00000000000000000000000/details", {
    headers: { "accept-encoding": "gzip" },
  });
  assert.equal(missing.status, 404);
  assert.equal(missing.headers.get("content-encoding"), null);
  assert.match((await missing.json()).message, /./);
});

Deno.test("compression: an answer's body is read without asking for it as a stream", async () => {
  // `res.body` turns a text answer into a stream whose text Deno keeps in a WeakMap: each page's
  // text then outlived young-generation collections (promoted, the old generation's growth)
  const page = `<!DOCTYPE html><p>${"Pasien rawat inap … ".repeat(200)}</p>`;
  let asked = 0;
  const app = new Hono();
  app.use("*", gzipAnswers());
  app.get("/", (c) => {
    const res = c.html(page);
    const body = Object.getOwnPropertyDescriptor(Response.prototype, "body")!.get!;
    Object.defineProperty(res, "body", {
      get() {
        asked++;
        return body.call(this);
      },
    });
    return res;
  });
  const zipped = await app.request("/", { headers: { "accept-encoding": "gzip" } });
  assert.equal(zipped.headers.get("content-encoding"), "gzip");
  assert.equal(new TextDecoder().decode(gunzipSync(await zipped.bytes())), page);
  const plain = await app.request("/", { headers: { "accept-encoding": "identity" } });
  assert.equal(plain.headers.get("content-encoding"), null);
  assert.equal(await plain.text(), page);
  assert.equal(asked, 0);
});
