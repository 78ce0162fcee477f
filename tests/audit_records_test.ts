import assert from "node:assert/strict";
import { dtQuery, setup, versionOf } from "./helpers.ts";
import { visitDoc, writeVisits } from "./visits.ts";
import { entries, outbox } from "./audit_fixtures.ts";

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
    birthDate: "1980-01-01",
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
  const mine = (await entries(t, { entity: "user" })).filter((e) => e.entityId === id);
  const role = mine.find((e) => (e.after as { role?: string } | null)?.role === "viewer");
  assert.ok(role, JSON.stringify(mine));
  assert.deepEqual((role.before as { role: string }).role, "casemix");
  assert.doesNotMatch(JSON.stringify(mine), /sessionGen|passwordHash/);
  // the summary entry stays, and each created province has its own entry with its record
  assert.equal((await entries(t, { entity: "user", action: "import" })).length, 1);
  const created = await entries(t, { entity: "province", action: "create" });
  assert.deepEqual(created.map((e) => (e.after as { desc: string }).desc).sort(), [
    "Aceh",
    "Sumut",
  ]);
  const again = await t.upload(
    "/api/province/import",
    "p.csv",
    "kode,nama\n11,Aceh Raya\n12,Sumut\n",
  );
  assert.equal(again.status, 200, JSON.stringify(again.body));
  const upd = await entries(t, { entity: "province", action: "update" });
  assert.equal(upd.length, 1);
  assert.deepEqual([upd[0].before, upd[0].after], [{ desc: "Aceh" }, { desc: "Aceh Raya" }]);
  assert.deepEqual(await outbox(t), []);
});
