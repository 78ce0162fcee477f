import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { createCipheriv, createHmac } from "node:crypto";
import {
  chunkSplit,
  decrypt,
  EklaimKeyError,
  encrypt,
  isKeyHex,
  keyProblem,
  unwrap,
  wrap,
} from "../lib/eklaim/crypto.ts";

const hex = (s: string) => Uint8Array.from(Buffer.from(s, "hex"));

// PROTOCOL.md's vector (checked again with openssl 3.0.19 before it was pasted here).
const P_KEY = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
const P_IV = hex("000102030405060708090a0b0c0d0e0f");
const P_PLAIN = '{"metadata":{"method":"claim_print"},"data":{"nomor_sep":"16120507422"}}';
const P_MESSAGE =
  "0oeRDnaQfUE+IgABAgMEBQYHCAkKCwwNDg/LV8ki7II/8EUD3/1rKCXiu09VmhcZfYtoo4HrVxkwqetl" +
  "eix6sZwjmI/ExPEzGnM7w0EBsrFQH1/0MfR2w25puP1GVr2KhGPJz5YiJQlx8g==";

// Independent vectors, made in a shell with a key from `openssl rand -hex 32` and IVs from
// `openssl rand -hex 16`:
//   printf '%s' "$PLAIN" | openssl enc -aes-256-cbc -K $K -iv $IV > ct.bin
//   SIG=$(openssl dgst -sha256 -mac HMAC -macopt hexkey:$K -binary ct.bin | head -c 10 | xxd -p)
//   (printf %s $SIG | xxd -r -p; printf %s $IV | xxd -r -p; cat ct.bin) | base64 -w0
// and, for the line-broken form, the same bytes through `base64 -w76` (lines joined by \r\n).
const K = "202000467a65ec0dd19eb8846c1dcd4f750ec80a731df82305dc24160500d705";
// 64 bytes: a whole padding block is added (80 bytes of ciphertext).
const V2 = {
  iv: hex("ed2f7532e5800f71e9639bc0c4116992"),
  plain: '{"metadata":{"code":200,"message":"Ok"},"data":{"x":"abcdefgh"}}',
  sig: "34cbb5dd3443cfabf995",
  message: "NMu13TRDz6v5le0vdTLlgA9x6WObwMQRaZLVSogch4tKJWZ28JkyA7QdIdZoJM3z0x34kufCNcZ45cwDsT" +
    "YuPbpQF11vMwzbM9L4os0DxIMdzJh3Wq0m3nRv9xV0NE7anvyVi9mavAmmBg==",
};
// 185 bytes of UTF-8 (an en dash and an Ö): 192 bytes of ciphertext, four base64 lines.
const V3 = {
  iv: hex("9e2f84c29cc6ccad3b3a5c258d55831d"),
  plain: '{"metadata":{"code":400,"message":"Duplikasi nomor SEP","error_no":"E2007"},' +
    '"duplicate":[{"nama_pasien":"SITI NURHALIZA – Ö","nomor_rm":"3849988",' +
    '"tgl_masuk":"2016-12-19 21:10:07"}]}',
  sig: "65124049fc0828f0a8c0",
  lines: [
    "ZRJASfwIKPCowJ4vhMKcxsytOzpcJY1Vgx0Fo5HIxr5zVsONnGtdJlGNuQmEBcvLVnZTHoTWfIoi",
    "/7OMpLinDNdomfMlUcO/L0a0M+EqDX2d4x2+6Roroii+1+B4VkPCFdhtQKmCOjeYg90ytdDEK1VD",
    "yn4Tx/ixUtH1vfmItsPX0WLuOWoAQBEMvjdgP+CEslLLFy15l5N1IDPVqegKcWqpt7ZCrf9pHHCh",
    "ZVqg3ijxOe5jwhC7n7rVHof2h2YJuHYN+4WiN5vHUgK7CUuDVkmgzN9fCkryO+c=",
  ],
};

const sigOf = (message: string) =>
  Buffer.from(message.replace(/\s+/g, ""), "base64").subarray(0, 10).toString("hex");

Deno.test("eklaim crypto: PROTOCOL.md's vector, both ways", () => {
  assert.equal(Buffer.byteLength(P_PLAIN), 72);
  const message = encrypt(P_PLAIN, P_KEY, P_IV, { lines: false });
  assert.equal(message, P_MESSAGE);
  assert.equal(sigOf(message), "d287910e76907d413e22");
  assert.deepEqual(decrypt(P_MESSAGE, P_KEY), { ok: true, text: P_PLAIN });
});

Deno.test("eklaim crypto: independent openssl vectors, full padding block and UTF-8", () => {
  assert.equal(encrypt(V2.plain, K, V2.iv, { lines: false }), V2.message);
  assert.equal(sigOf(V2.message), V2.sig);
  assert.deepEqual(decrypt(V2.message, K), { ok: true, text: V2.plain });
  assert.equal(Buffer.byteLength(V3.plain), 185);
  const broken = V3.lines.join("\r\n") + "\r\n";
  assert.equal(encrypt(V3.plain, K, V3.iv), broken, "76-character lines, each ending \\r\\n");
  assert.equal(sigOf(broken), V3.sig);
  assert.deepEqual(decrypt(broken, K), { ok: true, text: V3.plain });
  assert.deepEqual(decrypt(V3.lines.join(""), K), { ok: true, text: V3.plain }, "unbroken");
  assert.deepEqual(decrypt(V3.lines.join("\n"), K), { ok: true, text: V3.plain }, "\\n only");
});

Deno.test("eklaim crypto: chunkSplit is PHP's chunk_split (76 + \\r\\n, also after the last)", () => {
  assert.equal(chunkSplit("a".repeat(76)), "a".repeat(76) + "\r\n");
  assert.equal(chunkSplit("a".repeat(77)), "a".repeat(76) + "\r\na\r\n");
  assert.equal(chunkSplit(""), "");
});

Deno.test("eklaim crypto: round trips with random IVs, every length from 0 to 100 bytes", () => {
  const key = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("hex");
  for (let n = 0; n <= 100; n++) {
    const plain = "x".repeat(n);
    const a = encrypt(plain, key), b = encrypt(plain, key);
    assert.notEqual(a, b, "a fresh IV per message");
    assert.deepEqual(decrypt(a, key), { ok: true, text: plain });
    assert.deepEqual(decrypt(b, key), { ok: true, text: plain });
    const bytes = Buffer.from(a.replace(/\s+/g, ""), "base64");
    assert.equal(bytes.length, 10 + 16 + (Math.floor(n / 16) + 1) * 16);
  }
});

Deno.test("eklaim crypto: markers found by pattern, whatever is around them", () => {
  const message = encrypt(P_PLAIN, P_KEY, P_IV);
  const inner = message.replace(/\s+/g, "");
  assert.equal(unwrap(wrap(message)), inner);
  const noisy = "Notice: Undefined index in ws.php on line 12\n<br>\r\n" +
    "  ----BEGIN ENCRYPTED DATA----  \n\n" + message.replace(/\r\n/g, "\n   ") +
    "\r\n\r\n---- END ENCRYPTED DATA ----\r\ntrailing text";
  assert.equal(unwrap(noisy), inner);
  assert.deepEqual(decrypt(unwrap(noisy)!, P_KEY), { ok: true, text: P_PLAIN });
  const oneLine = `----BEGIN ENCRYPTED DATA----${inner}----END ENCRYPTED DATA----`;
  assert.equal(unwrap(oneLine), inner);
  assert.equal(unwrap(message), null, "no markers");
  assert.equal(unwrap(`----BEGIN ENCRYPTED DATA----\r\n${message}`), null, "no END");
  assert.equal(unwrap(`${message}----END ENCRYPTED DATA----`), null, "no BEGIN");
  assert.equal(unwrap("<html><body>It works!</body></html>"), null);
});

Deno.test("eklaim crypto: wrong key and tampering are caught by the signature", () => {
  const message = encrypt(V3.plain, K, V3.iv, { lines: false });
  assert.deepEqual(decrypt(message, P_KEY), { ok: false, failure: "bad_signature" });
  const bytes = Buffer.from(message, "base64");
  for (const at of [0, 9, 26, bytes.length - 1]) {
    const copy = Buffer.from(bytes);
    copy[at] ^= 0x01;
    assert.deepEqual(decrypt(copy.toString("base64"), K), { ok: false, failure: "bad_signature" });
  }
  // The signature covers the ciphertext only (as E-Klaim's PHP does): a changed IV passes it and
  // garbles the first block, so the caller's JSON check is what catches it.
  const iv = Buffer.from(bytes);
  iv[10] ^= 0x40;
  const r = decrypt(iv.toString("base64"), K);
  assert.ok(!r.ok || r.text !== V3.plain);
});

Deno.test("eklaim crypto: not base64, too short, not whole blocks", () => {
  assert.deepEqual(decrypt("abc$def=", K), { ok: false, failure: "not_base64" });
  assert.deepEqual(decrypt("abcde", K), { ok: false, failure: "not_base64" });
  assert.deepEqual(decrypt("", K), { ok: false, failure: "too_short" });
  const short = Buffer.alloc(10 + 16 + 8).toString("base64");
  assert.deepEqual(decrypt(short, K), { ok: false, failure: "too_short" });
  const ragged = Buffer.alloc(10 + 16 + 20).toString("base64");
  assert.deepEqual(decrypt(ragged, K), { ok: false, failure: "too_short" });
});

Deno.test("eklaim crypto: a signed message that does not decrypt is 'undecryptable'", () => {
  // Signed correctly with K, but the ciphertext was made with another AES key: padding breaks.
  const other = createCipheriv("aes-256-cbc", Buffer.from(P_KEY, "hex"), V2.iv);
  const ct = Buffer.concat([other.update("{}"), other.final()]);
  const sig = createHmac("sha256", Buffer.from(K, "hex")).update(ct).digest().subarray(0, 10);
  const message = Buffer.concat([sig, V2.iv, ct]).toString("base64");
  const r = decrypt(message, K);
  assert.deepEqual(r, { ok: false, failure: "undecryptable" });
});

Deno.test("eklaim crypto: the key is 64 hex characters, and errors never repeat it", () => {
  assert.ok(isKeyHex(K) && isKeyHex(K.toUpperCase()));
  assert.ok(!isKeyHex(K.slice(1)) && !isKeyHex(` ${K}`) && !isKeyHex(K.replace("a", "g")));
  assert.equal(keyProblem(K), null);
  assert.match(keyProblem("")!, /belum diisi/);
  assert.match(keyProblem(K.slice(2))!, /64 karakter.*62 karakter/);
  assert.match(keyProblem(K.replace("a", "z"))!, /0-9 dan huruf a-f/);
  const short = K.slice(1);
  for (const f of [() => encrypt("{}", short), () => decrypt(P_MESSAGE, short)]) {
    assert.throws(f, (e: unknown) => {
      assert.ok(e instanceof EklaimKeyError);
      assert.ok(!e.message.includes(short.slice(0, 8)), e.message);
      return true;
    });
  }
  assert.throws(() => encrypt("{}", K, new Uint8Array(8)), RangeError);
});
