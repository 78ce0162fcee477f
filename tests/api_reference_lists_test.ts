import assert from "node:assert/strict";
import { dtQuery, setup } from "./helpers.ts";

type T = Awaited<ReturnType<typeof setup>>;

/** Every entry of a reference list, as the table asks for them. */
async function descs(t: T, name: string): Promise<string[]> {
  const r = await t.json(`/api/${name}?${dtQuery(["desc"], { length: 100 })}`);
  assert.equal(r.status, 200);
  return r.body.data.map((d: { desc: string }) => d.desc).sort();
}

const LISTS = [
  {
    name: "validation-action",
    label: "Validasi Pemeriksaan",
    path: "/validasi-pemeriksaan",
    seed: ["Perlu Kelengkapan Berkas", "Perlu Perbaikan Koding", "Sesuai", "Tidak Sesuai"],
    extra: "Perlu Konfirmasi DPJP",
  },
  {
    name: "alasan-ranap",
    label: "Alasan Rawat Inap",
    path: "/alasan-ranap",
    seed: [
      "Kondisi umum memburuk",
      "Memerlukan pemantauan tanda vital berkala",
      "Memerlukan tindakan yang tidak dapat dilakukan rawat jalan",
      "Rujukan dari fasilitas kesehatan lain",
    ],
    extra: "Permintaan keluarga dengan indikasi medis",
  },
];

for (const l of LISTS) {
  Deno.test(`${l.label}: seeded, add, edit, no delete, lookups, its page`, async () => {
    await using t = await setup();
    assert.deepEqual(await descs(t, l.name), l.seed);

    const page = await t.req(l.path);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, new RegExp(`<title>[^<]*${l.label}`));
    assert.match(html, /data-island="DataTable"/);

    const add = await t.post(`/api/${l.name}/update`, { id: "", desc: ` ${l.extra} ` });
    assert.equal(add.status, 200, JSON.stringify(add.body));
    assert.equal(add.body.data.desc, l.extra);
    assert.deepEqual(await descs(t, l.name), [...l.seed, l.extra].sort());

    const dup = await t.post(`/api/${l.name}/update`, { id: "", desc: l.seed[0].toUpperCase() });
    assert.equal(dup.status, 409);
    assert.match(dup.body.message, /sudah digunakan/);
    const empty = await t.post(`/api/${l.name}/update`, { id: "", desc: "  " });
    assert.equal(empty.status, 400);
    assert.match(empty.body.message, /Deskripsi wajib diisi/);

    const word = l.seed[1].split(" ")[1].toLowerCase();
    const found = (await t.json(`/api/${l.name}/select2?q=${word}`)).body.results;
    assert.ok(found.some((r: { text: string }) => r.text === l.seed[1]), JSON.stringify(found));
    const target = found.find((r: { text: string }) => r.text === l.seed[1]);
    const current = (await t.json(`/api/${l.name}/${target.id}`)).body.data;
    const edit = await t.post(`/api/${l.name}/update`, {
      id: target.id,
      desc: `${l.seed[1]} (revisi)`,
      ...(current._version === undefined ? {} : { _version: String(current._version) }),
    });
    assert.equal(edit.status, 200, JSON.stringify(edit.body));
    assert.equal(
      (await t.json(`/api/${l.name}/${target.id}`)).body.data.desc,
      `${l.seed[1]} (revisi)`,
    );
    assert.equal((await descs(t, l.name)).length, l.seed.length + 1);

    const del = await t.req(`/api/${l.name}/delete/${target.id}`, { method: "DELETE" });
    assert.equal(del.status, 404);
    assert.equal((await descs(t, l.name)).length, l.seed.length + 1);
  });
}
