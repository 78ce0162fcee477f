/**
 * An upload's file is cut out of its request's body in place (lib/http/upload.ts), read as
 * Deno's own form parser reads it (the oracle): other fields around it, line breaks and dashes
 * inside it, a name with non-ASCII letters, CRLF lines.
 */
import assert from "node:assert/strict";
import { setup } from "./helpers.ts";

const CSV = "kode,nama\r\n11,Aceh\r\n12,Sumatera Utara -- Medan\r\n";

Deno.test("upload: the file among other fields is read as the form parser reads it", async () => {
  await using t = await setup();
  const fd = new FormData();
  fd.append("catatan", "sebelum\r\n--");
  fd.append("file", new File([CSV], 'provinsi é "baru".csv'));
  fd.append("lain", new File(["x"], "lain.csv"));
  const req = new Request("http://x/", { method: "POST", body: fd });
  const oracle = (await req.clone().formData()).get("file") as File;
  const r = await t.json("/api/province/import", {
    method: "POST",
    body: await req.arrayBuffer(),
    headers: { "content-type": req.headers.get("content-type")! },
  });
  assert.equal(r.status, 200, r.body.message);
  assert.equal(r.body.created, 2);
  const names = (await t.json("/api/province?draw=1&start=0&length=10")).body.data
    .map((p: { desc: string }) => p.desc).sort();
  assert.deepEqual(names, ["Aceh", "Sumatera Utara -- Medan"]);
  const entry = (await t.audit.list({ action: "import" }, 0, 10)).rows[0];
  assert.equal((entry.after as { file: string }).file, oracle.name);
  assert.equal(await oracle.text(), CSV);
});

Deno.test("upload: a broken form is refused; a form without the file asks for one", async () => {
  await using t = await setup();
  const cut = await t.json("/api/province/import", {
    method: "POST",
    body:
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nkode,nama\r\n',
    headers: { "content-type": "multipart/form-data; boundary=b" },
  });
  assert.deepEqual([cut.status, cut.body.message], [400, "Format unggahan tidak valid."]);
  const fd = new FormData();
  fd.append("catatan", "tanpa berkas");
  const none = await t.json("/api/province/import", { method: "POST", body: fd });
  assert.equal(none.status, 400);
  assert.match(none.body.message, /^Harap pilih file .* terlebih dahulu\.$/);
});
