import assert from "node:assert/strict";
import { setup } from "./helpers.ts";
import { admission, seedIpd } from "./ipd_fixtures.ts";
import { writeXlsx } from "../lib/resource/spreadsheet.ts";
import { collectionOf } from "../lib/resource/resource.ts";
import { registry } from "../resources/mod.ts";
import { users } from "../lib/auth/auth.ts";
import { newId } from "../lib/db/ids.ts";

type T = Awaited<ReturnType<typeof setup>>;

/**
 * Puts a hook before every commit of the store whose keys match `when`: the hook may wait (a
 * slow commit) or throw (a commit that fails, as on a disk error). Returns how to take it off.
 */
function hookCommits(
  t: T,
  when: (ops: [string, Deno.KvKey][]) => boolean,
  hook: (n: number) => Promise<void>,
): () => void {
  const real = t.store.kv;
  let n = 0;
  const atomic = () => {
    const op = real.atomic();
    const keys: [string, Deno.KvKey][] = [];
    const wrap: Record<string, unknown> = {};
    for (const m of ["check", "set", "delete", "sum", "min", "max", "mutate", "enqueue"]) {
      wrap[m] = (...args: unknown[]) => {
        const a = args[0] as { key?: Deno.KvKey } | Deno.KvKey;
        if (m === "check") {
          keys.push(
            ...(args as { key: Deno.KvKey }[]).map((c): [string, Deno.KvKey] => [m, c.key]),
          );
        } else if (Array.isArray(a)) keys.push([m, a]);
        (op as unknown as Record<string, (...x: unknown[]) => unknown>)[m](...args);
        return wrap;
      };
    }
    wrap.commit = async () => {
      if (when(keys)) await hook(++n);
      return await op.commit();
    };
    return wrap;
  };
  t.store.kv = new Proxy(real, {
    get(target, p) {
      if (p === "atomic") return atomic;
      const v = Reflect.get(target, p);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
  return () => t.store.kv = real;
}

/** An import's commit (not its rollback's). */
const undoCommit = (ops: [string, Deno.KvKey][]) =>
  ops.some(([m, k]) => m === "set" && k[0] === "_journal_undo");

const PATIENTS = 1_500;
const erm = (i: number) => `P${String(i).padStart(5, "0")}`;

Deno.test("import rollback: an edit, a stay and a taken e-mail made during a slow import that fails are never undone", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const pasien = collectionOf(t.store, registry.get("pasien")!);
  await pasien.writeMany(Array.from({ length: PATIENTS }, (_, i) => ({
    _id: newId(),
    erm: erm(i),
    first_name: `Lama${i}`,
    last_name: "",
    fullname: `Lama${i}`,
    gender: "P",
    phone: "",
  })));
  const first = (await t.json(`/api/pasien?search[value]=${erm(0)}`)).body.data[0];
  const rows: unknown[][] = [
    ["erm", "first_name", "gender", "tgl_lahir"],
    ["BARU1", "Pasien Baru", "L", "1980-01-01"],
  ];
  for (let i = 0; i < PATIENTS; i++) rows.push([erm(i), `Baru${i}`, "P", "1980-01-01"]);

  let edit: { status: number; body: any } | undefined;
  let stay: { status: number; body: any } | undefined;
  const off = hookCommits(t, undoCommit, async (n) => {
    if (n === 2) {
      // the clerk works while the import is half-way: its first commit is live
      edit = await t.post("/api/pasien/update", {
        id: first._id,
        _version: (await t.json(`/api/pasien/${first._id}`)).body.data._version,
        erm: erm(0),
        first_name: "Diedit Petugas",
        gender: "P",
      });
      const baru = (await t.json("/api/pasien?search[value]=BARU1")).body.data[0];
      if (baru) stay = await t.post("/api/ipd/update", admission(w, { pasienId: baru._id }));
    }
    if (n === 3) throw new Error("disk I/O error");
  });
  const r = await t.upload("/api/pasien/import", "p.xlsx", writeXlsx(rows));
  off();
  assert.notEqual(r.status, 200, "the import was made to fail");
  assert.ok(edit, "the edit ran during the import");
  const now = (await t.json(`/api/pasien/${first._id}`)).body.data;
  if (edit.status === 200) assert.equal(now.first_name, "Diedit Petugas", "a saved edit undone");
  else {
    assert.equal(edit.status, 409);
    assert.match(edit.body.message, /Impor data pasien sedang berjalan/);
    assert.equal(now.first_name, "Lama0");
  }
  const stays = (await t.json("/api/ipd?length=100")).body.data as { pasien: { _id: string } }[];
  for (const s of stays) {
    assert.equal((await t.json(`/api/pasien/${s.pasien._id}`)).status, 200, "stay orphaned");
  }
  assert.ok(stay, "the stay was tried during the import");
  if (stay.status !== 200) {
    assert.equal(stay.status, 409, JSON.stringify(stay.body));
    assert.match(stay.body.message, /Impor data pasien sedang berjalan/);
  }
  // nothing of the import is left, and the clerk's edit goes through now
  assert.equal((await t.json("/api/pasien?search[value]=BARU1")).body.recordsFiltered, 0);
  assert.equal((await t.json(`/api/pasien?search[value]=Baru`)).body.recordsFiltered, 0);
  const again = await t.post("/api/pasien/update", {
    id: first._id,
    _version: now._version,
    erm: erm(0),
    first_name: "Diedit Petugas",
    gender: "P",
  });
  assert.equal(again.status, 200, JSON.stringify(again.body));
});

Deno.test("import rollback: an e-mail freed by the import and taken meanwhile stays its new owner's", async () => {
  await using t = await setup();
  const hash = (await users(t.store).find(t.admin._id))!.value.passwordHash;
  const N = 1_000;
  await users(t.store).writeMany(Array.from({ length: N }, (_, i) => ({
    _id: newId(),
    fullname: `User ${i}`,
    email: `u${i}@lama.test`,
    phone: "",
    username: `u${i}`,
    gender: "",
    role: "casemix" as const,
    passwordHash: hash,
  })));
  const csv = "username,nama,email\n" +
    Array.from({ length: N }, (_, i) => `u${i},User ${i},u${i}@baru.test`).join("\n");
  let made: { status: number; body: any } | undefined;
  const off = hookCommits(t, undoCommit, async (n) => {
    if (n === 2) {
      made = await t.post("/api/user/update", {
        id: "",
        fullname: "Pegawai Baru",
        email: "u0@lama.test",
        username: "pegawai",
        gender: "L",
        role: "viewer",
        password: "kuda-lari-pagi-99",
      });
    }
    if (n === 3) throw new Error("disk I/O error");
  });
  const r = await t.upload("/api/user/import", "u.csv", csv);
  off();
  assert.notEqual(r.status, 200);
  assert.ok(made);
  const owner = await users(t.store).idBy("email", "u0@lama.test");
  const u0 = await users(t.store).idBy("username", "u0");
  if (made.status === 200) assert.equal(owner, made.body.data._id, "a taken e-mail overwritten");
  else {
    assert.equal(made.status, 409);
    assert.match(made.body.message, /Impor data user sedang berjalan/);
    assert.equal(owner, u0);
  }
  assert.equal(await users(t.store).idBy("email", "u0@baru.test"), null);
});

Deno.test("delete vs child insert: the children check is part of the delete's commit", async () => {
  await using t = await setup();
  // deterministic: the delete's commit waits until the child insert has committed
  const prov = (await t.post("/api/province/update", { id: "", kode: "91", desc: "Papua Uji" }))
    .body.data;
  let child: Promise<{ status: number; body: any }> | undefined;
  const off = hookCommits(
    t,
    (ops) => ops.some(([m, k]) => m === "delete" && k[0] === "province" && k[1] === prov._id),
    async () => {
      child ??= t.post("/api/regency/update", {
        id: "",
        kode: "91.01",
        desc: "Kab Uji",
        province: prov._id,
      });
      await child;
    },
  );
  const del = await t.json(`/api/province/delete/${prov._id}`, { method: "DELETE" });
  off();
  const made = await child!;
  assert.equal(made.status, 200, JSON.stringify(made.body));
  assert.equal(del.status, 409, "the delete must see the child inserted before its commit");
  assert.match(del.body.message, /masih dipakai/);

  // and many free-running rounds: never a child whose parent is gone
  for (let i = 0; i < 40; i++) {
    const p = (await t.post("/api/province/update", { id: "", kode: `8${i}`, desc: `P${i}` }))
      .body.data;
    const [d, c] = await Promise.all([
      t.json(`/api/province/delete/${p._id}`, { method: "DELETE" }),
      t.post("/api/regency/update", { id: "", kode: `8${i}.01`, desc: `K${i}`, province: p._id }),
    ]);
    assert.ok(!(d.status === 200 && c.status === 200), `round ${i}: both succeeded`);
  }
});

Deno.test("patient re-import: the stays show the new name", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const r = await t.post("/api/ipd/update", admission(w));
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const imp = await t.upload(
    "/api/pasien/import",
    "p.xlsx",
    writeXlsx([["erm", "first_name", "last_name", "gender"], ["000123", "Siti", "Aminah", "P"]]),
  );
  assert.equal(imp.status, 200, JSON.stringify(imp.body));
  const stay = (await t.json(`/api/ipd/${r.body.data._id}`)).body.data;
  assert.equal(stay.pasien.fullname, "Siti Aminah");
  const list = (await t.json("/api/ipd?search[value]=Aminah")).body;
  assert.equal(list.recordsFiltered, 1);
});

Deno.test("import lock: a parent edited while its children are imported is refused, not half-saved", async () => {
  await using t = await setup();
  const prov = (await t.post("/api/province/update", { id: "", kode: "11", desc: "Aceh" })).body
    .data;
  const csv = "kode,parent_kode,nama\n" +
    Array.from({ length: 1_500 }, (_, i) => `11.${String(i).padStart(4, "0")},11,Kab ${i}`)
      .join("\n");
  let edit: { status: number; body: any } | undefined;
  const off = hookCommits(t, undoCommit, async (n) => {
    if (n === 2) {
      edit = await t.post("/api/province/update", {
        id: prov._id,
        _version: (await t.json(`/api/province/${prov._id}`)).body.data._version,
        kode: "11",
        desc: "Aceh Baru",
      });
    }
  });
  const r = await t.upload("/api/regency/import", "r.csv", csv);
  off();
  assert.ok(edit);
  // the import goes through; the edit is refused whole (not saved with its regencies left stale)
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(edit.status, 409, JSON.stringify(edit.body));
  assert.match(edit.body.message, /Impor data regency sedang berjalan/);
  assert.equal((await t.json(`/api/province/${prov._id}`)).body.data.desc, "Aceh");
  const kab = await t.json(`/api/regency?length=1&provinceId=${prov._id}`);
  assert.equal(kab.body.recordsFiltered, 1_500);
  assert.equal(kab.body.data[0].provinceId.desc, "Aceh");
});
