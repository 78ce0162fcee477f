import assert from "node:assert/strict";
import { join } from "node:path";
import { setup } from "./helpers.ts";
import { JPEG, PNG, pngOfSize, WEBP } from "./images.ts";

type T = Awaited<ReturnType<typeof setup>>;

const files = async (t: T) => {
  const out: string[] = [];
  for await (const e of Deno.readDir(join(t.dataDir, "uploads"))) out.push(e.name);
  return out;
};

/** The current background as served without a session: status, type and bytes. */
async function served(t: T) {
  const res = await t.app.request("/setting/background");
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    body: new Uint8Array(await res.arrayBuffer()),
  };
}

const loginHtml = async (t: T) => await (await t.app.request("/auth/login")).text();

Deno.test("login background: bytes decide the type; stored under the data folder, replaced, deleted", async () => {
  await using t = await setup();
  assert.equal((await served(t)).status, 404);
  assert.doesNotMatch(await loginHtml(t), /class="login-bg"/);

  const first = await t.upload("/setting/upload-background", "latar.png", PNG);
  assert.equal(first.status, 200);
  assert.match(first.body.id, /^bg-[0-9a-f-]{36}\.png$/);
  assert.deepEqual(await files(t), [first.body.id]);
  assert.deepEqual(await served(t), { status: 200, type: "image/png", body: PNG });
  assert.match(
    await loginHtml(t),
    new RegExp(`<img src="/setting/background\\?v=${first.body.id}" alt class="login-bg"/>`),
  );

  // a JPEG named .png is a JPEG; the previous file is removed
  const jpeg = await t.upload("/setting/upload-background", "foto.png", JPEG);
  assert.match(jpeg.body.id, /\.jpg$/);
  assert.deepEqual(await files(t), [jpeg.body.id]);
  assert.deepEqual(await served(t), { status: 200, type: "image/jpeg", body: JPEG });
  const webp = await t.upload("/setting/upload-background", "latar", WEBP);
  assert.equal((await served(t)).type, "image/webp");
  const max = await t.upload("/setting/upload-background", "besar.png", pngOfSize(1_000_000));
  assert.equal(max.status, 200);
  assert.equal((await served(t)).body.length, 1_000_000);

  // deleting names the file it means: a stale name is refused
  const del = (filename: string) =>
    t.json("/setting/delete-background", {
      method: "DELETE",
      body: new URLSearchParams({ filename }),
    });
  assert.equal((await del(webp.body.id)).status, 409);
  const gone = await del(max.body.id);
  assert.equal(gone.status, 200);
  assert.deepEqual(await files(t), []);
  assert.equal((await served(t)).status, 404);
  assert.doesNotMatch(await loginHtml(t), /class="login-bg"/);
  const again = await del("");
  assert.equal(again.status, 404);
  assert.equal(again.body.message, "Belum ada gambar latar.");

  // a file lost from the data folder (e.g. a restore without uploads) is treated as none
  const lost = await t.upload("/setting/upload-background", "latar.png", PNG);
  await Deno.remove(join(t.dataDir, "uploads", lost.body.id));
  assert.equal((await served(t)).status, 404);
  assert.doesNotMatch(await loginHtml(t), /class="login-bg"/);
  assert.equal((await t.upload("/setting/upload-background", "latar.png", PNG)).status, 200);
  assert.match(await loginHtml(t), /class="login-bg"/);
});

Deno.test("login background: non-images, oversized, two or no files get a clear 4xx and change nothing", async () => {
  await using t = await setup();
  const ok = await t.upload("/setting/upload-background", "latar.png", PNG);
  assert.equal(ok.status, 200);
  const post = (body: BodyInit, cookie = t.cookie) =>
    t.json("/setting/upload-background", { method: "POST", body, headers: { cookie } });
  const form = (...entries: [string, string | File][]) => {
    const fd = new FormData();
    for (const [k, v] of entries) fd.append(k, v);
    return fd;
  };
  const cases: [
    string,
    () => Promise<{ status: number; body: { message: string } }>,
    number,
    RegExp,
  ][] = [
    [
      "text named .png",
      () => t.upload("/setting/upload-background", "gambar.png", "bukan gambar"),
      415,
      /^Berkas bukan gambar PNG, JPEG atau WebP/,
    ],
    [
      "1,000,001 bytes",
      () => t.upload("/setting/upload-background", "besar.png", pngOfSize(1_000_001)),
      413,
      /^Ukuran gambar paling besar 1\.000\.000 byte\.$/,
    ],
    [
      "2 MB",
      () => t.upload("/setting/upload-background", "besar.png", pngOfSize(2_000_000)),
      413,
      /terlalu besar/,
    ],
    [
      "two files",
      () => post(form(["file", new File([PNG], "a.png")], ["file", new File([PNG], "b.png")])),
      400,
      /^Unggah tepat satu berkas gambar \(terkirim 2 berkas\)\.$/,
    ],
    [
      "a file under another name too",
      () => post(form(["file", new File([PNG], "a.png")], ["lain", new File([PNG], "b.png")])),
      400,
      /tepat satu berkas/,
    ],
    [
      "no file",
      () => post(form(["file", ""])),
      400,
      /^Harap pilih satu berkas gambar terlebih dahulu\.$/,
    ],
    [
      "empty file",
      () => t.upload("/setting/upload-background", "kosong.png", new Uint8Array()),
      400,
      /^Harap pilih satu berkas/,
    ],
    [
      "not multipart",
      () => post(new URLSearchParams({ file: "x" })),
      400,
      /^Harap pilih satu berkas/,
    ],
    [
      "no session",
      () => post(form(["file", new File([PNG], "a.png")]), ""),
      401,
      /Sesi tidak valid/,
    ],
  ];
  for (const [what, send, status, message] of cases) {
    const r = await send();
    assert.equal(r.status, status, what);
    assert.match(r.body.message, message, what);
    assert.deepEqual(await files(t), [ok.body.id], what);
    assert.deepEqual(await served(t), { status: 200, type: "image/png", body: PNG }, what);
  }
});
