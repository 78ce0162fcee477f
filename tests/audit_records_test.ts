import assert from "node:assert/strict";
import { dtQuery, setup, versionOf } from "./helpers.ts";
import { visitDoc, writeVisits } from "./visits.ts";
import { visitsOf } from "../lib/ipd/stay.ts";
import { entries, outbox, recordsIn } from "./audit_fixtures.ts";
import { writeXlsx } from "../lib/resource/spreadsheet.ts";

Deno.test("reads of one stay, one patient and the audit log are audited; lists are not", async () => {
  await using t = await setup();
  const stay = visitDoc("2026-11-01T08:00:00.000Z");
  await writeVisits(t.store, [stay]);
  const pasien = await t.post("/api/pasien/update", {
    erm: "00012345",
    first_name: "Budi",
    last_name: "Santoso",
    gender: "L",
    phone: "",
    tgl_lahir: "1980-01-01",
  });
  assert.equal(pasien.status, 200, JSON.stringify(pasien.body));
  const pid = pasien.body.data._id;
  const views = async (entity: string, entityId?: string) =>
    (await entries(t, { action: "view", entity })).filter((e) =>
      !entityId || e.entityId === entityId
    )
      .length;
  const reads: [string, string, string][] = [
    [`/ipd/${stay._id}/print`, "ipd", stay._id],
    [`/api/ipd/${stay._id}`, "ipd", stay._id],
    [`/api/ipd/${stay._id}/details?${dtQuery(["examinationDate"])}`, "ipd", stay._id],
    [`/api/ipd/${stay._id}/get-summary-icd`, "ipd", stay._id],
    [`/api/ipd/${stay._id}/claim-check`, "ipd", stay._id],
    [`/api/klaim/${stay._id}`, "ipd", stay._id],
    [`/api/pasien/${pid}`, "pasien", pid],
  ];
  for (const [path, entity, id] of reads) {
    const before = await views(entity, id);
    assert.equal((await t.req(path)).status, 200, path);
    assert.equal(await views(entity, id), before + 1, path);
  }
  // lists and selects leave nothing
  const all = await t.audit.count();
  assert.equal((await t.req(`/api/ipd?${dtQuery(["visitDate"])}`)).status, 200);
  assert.equal((await t.req(`/api/pasien?${dtQuery(["erm"])}`)).status, 200);
  assert.equal((await t.req(`/api/pasien/select2?q=budi`)).status, 200);
  assert.equal(await t.audit.count(), all);
  // reading the log itself
  const page = await t.json(`/api/audit?${dtQuery(["at", "action"], { search: "00012345" })}`);
  assert.equal(page.status, 200);
  const seen = await entries(t, { action: "view_audit" });
  assert.equal(seen.length, 1);
  assert.equal((seen[0].after as { search?: string }).search, "00012345");
  assert.equal((await t.req("/api/audit/export")).status, 200);
  assert.equal((await entries(t, { action: "export", entity: "audit" })).length, 1);
});

Deno.test("an admin's reset of another user's password is logged as reset_password with the username", async () => {
  await using t = await setup();
  const made = await t.post("/api/user/update", {
    fullname: "Siti",
    email: "siti@rs.test",
    username: "siti",
    role: "casemix",
    password: "Kuda-Lari-Pagi-2026!",
  });
  assert.equal(made.status, 200, JSON.stringify(made.body));
  const id = made.body.data._id;
  const reset = await t.post("/api/user/update", {
    id,
    _version: await versionOf(t, "user", id),
    fullname: "Siti",
    email: "siti@rs.test",
    username: "siti",
    role: "casemix",
    password: "Gajah-Tidur-Siang-77?",
  });
  assert.equal(reset.status, 200, JSON.stringify(reset.body));
  const got = (await entries(t, { entity: "user" })).filter((e) => e.entityId === id);
  assert.equal(got[0].action, "reset_password");
  assert.equal((got[0].after as { username: string }).username, "siti");
  assert.doesNotMatch(JSON.stringify(got[0]), /sessionGen/);
});

Deno.test("an import records each changed record's before and after, a role change by CSV included", async () => {
  await using t = await setup();
  const made = await t.post("/api/user/update", {
    fullname: "Siti",
    email: "siti@rs.test",
    username: "siti",
    role: "casemix",
    password: "Kuda-Lari-Pagi-2026!",
  });
  const id = made.body.data._id;
  const prov = await t.upload("/api/province/import", "p.csv", "kode,nama\n11,Aceh\n12,Sumut\n");
  assert.equal(prov.status, 200, JSON.stringify(prov.body));
  const r = await t.upload(
    "/api/user/import",
    "u.csv",
    "username,fullname,email,role\nsiti,Siti,siti@rs.test,viewer\n",
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  // found by the account's name (its id remembers it) and by its id, with the role's change
  for (const search of ["siti", id]) {
    const mine = recordsIn(await entries(t, { search, entity: "user" }))
      .filter((e) => e.entityId === id && e.action === "update");
    assert.equal(mine.length, 1, `${search}: ${JSON.stringify(mine)}`);
    assert.equal((mine[0].before as { role: string }).role, "casemix");
    assert.equal((mine[0].after as { role: string }).role, "viewer");
  }
  assert.doesNotMatch(JSON.stringify(await entries(t, {})), /sessionGen|passwordHash/);
  // the summary entry stays, and each created province is recorded with its record
  assert.equal((await entries(t, { entity: "user", action: "import" })).length, 1);
  const created = recordsIn(await entries(t, { entity: "province", action: "changes" }));
  assert.deepEqual(created.map((e) => e.action), ["create", "create"]);
  assert.deepEqual(created.map((e) => (e.after as { desc: string }).desc).sort(), [
    "Aceh",
    "Sumut",
  ]);
  const aceh = created.find((e) => (e.after as { desc: string }).desc === "Aceh")!.entityId;
  const again = await t.upload(
    "/api/province/import",
    "p.csv",
    "kode,nama\n11,Aceh Raya\n12,Sumut\n",
  );
  assert.equal(again.status, 200, JSON.stringify(again.body));
  const upd = recordsIn(await entries(t, { entity: "province", action: "changes" }))
    .filter((e) => e.action === "update");
  assert.equal(upd.length, 1);
  assert.equal(upd[0].entityId, aceh);
  assert.deepEqual([upd[0].before, upd[0].after], [{ desc: "Aceh" }, { desc: "Aceh Raya" }]);
  assert.deepEqual(await outbox(t), []);
});

Deno.test("a patient changed by an import is found by its ERM, name and id, with its before and after", async () => {
  await using t = await setup();
  const rows = (last: string) => {
    const out = [["erm", "first_name", "last_name", "gender", "tgl_lahir"]];
    for (let i = 0; i < 45; i++) {
      out.push([`0009${String(i).padStart(4, "0")}`, `Uji${i}`, "Pasien", "P", "1980-01-01"]);
    }
    out.splice(31, 0, ["00012345", "Wulan", last, "P", "1980-01-01"]);
    return writeXlsx(out);
  };
  const first = await t.upload("/api/pasien/import", "p.xlsx", rows("Sari"));
  assert.equal(first.status, 200, JSON.stringify(first.body));
  assert.equal(first.body.created, 46);
  const second = await t.upload("/api/pasien/import", "p.xlsx", rows("Lestari"));
  assert.equal(second.status, 200, JSON.stringify(second.body));
  assert.equal(second.body.updated, 1);
  const search = async (q: string) => {
    const r = await t.json(`/api/audit?${new URLSearchParams({ "search[value]": q })}`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return recordsIn(r.body.data);
  };
  for (const q of ["00012345", "12345", "wulan", "WULAN SARI"]) {
    const found = await search(q);
    // its creation and its change, and no other patient's record
    assert.deepEqual(found.map((e) => e.action), ["update", "create"], q);
    assert.deepEqual([found[0].before, found[0].after], [
      { last_name: "Sari", fullname: "Wulan Sari" },
      { last_name: "Lestari", fullname: "Wulan Lestari" },
    ]);
    const made = found[1].after as Record<string, string>;
    assert.deepEqual([made.erm, made.first_name, made.last_name], ["00012345", "Wulan", "Sari"]);
    assert.equal(found[0].entityId, found[1].entityId);
    assert.doesNotMatch(JSON.stringify(found), /00090|Uji/);
  }
  const id = (await search("wulan"))[0].entityId;
  assert.deepEqual((await search(id)).map((e) => [e.action, e.entityId]), [
    ["update", id],
    ["create", id],
  ]);
  // every one of the 46 was recorded, each found by its ERM
  for (const i of [0, 19, 20, 44]) {
    const erm = `0009${String(i).padStart(4, "0")}`;
    const found = await search(erm);
    assert.equal(found.length, 1, erm);
    assert.equal((found[0].after as { erm: string }).erm, erm);
  }
});

Deno.test("a write landing between a stay's read and its commit is not audited as this request's change (HTTP)", async () => {
  await using t = await setup();
  const stay = visitDoc("2026-11-01T08:00:00.000Z", {
    status: "pulang",
    tanggal_pulang: "2026-11-04T08:00:00.000Z",
  });
  await writeVisits(t.store, [stay]);
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, t.app.fetch);
  try {
    // the next read of the stay's record is held once it has answered, until `release`
    const kv = t.store.kv;
    const get = kv.get.bind(kv);
    let armed = true, release = () => {}, held = () => {};
    const holding = new Promise<void>((r) => held = r);
    const released = new Promise<void>((r) => release = r);
    kv.get = (async (key: Deno.KvKey, o?: { consistency?: Deno.KvConsistencyLevel }) => {
      const e = await get(key, o);
      if (armed && key[0] === "ipd" && key[1] === stay._id) {
        armed = false;
        held();
        await released;
      }
      return e;
    }) as typeof kv.get;
    const url = `http://127.0.0.1:${server.addr.port}/api/ipd/${stay._id}/cancel-discharge`;
    const cancel = fetch(url, { method: "POST", headers: { cookie: t.cookie } });
    await holding;
    // another write to the stay lands meanwhile
    await visitsOf(t.store).update(stay._id, (v) => ({ ...v, diagnosis_awal: "Demam tifoid" }));
    release();
    const res = await cancel;
    await res.body?.cancel();
    const got = await entries(t, { action: "cancel_discharge" });
    if (res.status === 200) {
      // audited: exactly what this commit changed, not the other write's field
      assert.equal(got.length, 1);
      assert.deepEqual(got[0].before, {
        status: "pulang",
        tanggal_pulang: "2026-11-04T08:00:00.000Z",
        openPasien: null,
      });
      assert.equal((got[0].after as Record<string, unknown>).diagnosis_awal, undefined);
    } else {
      // refused as stale (409), which leaves no entry
      assert.equal(res.status, 409);
      assert.equal(got.length, 0);
    }
  } finally {
    await server.shutdown();
  }
});
