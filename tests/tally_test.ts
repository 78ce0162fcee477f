import assert from "node:assert/strict";
import { setup } from "./helpers.ts";
import { users } from "../lib/auth/auth.ts";

Deno.test("administrators: a CSV import demoting both is refused naming the row, nothing changed", async () => {
  await using t = await setup();
  const r0 = await t.post("/api/user/update", {
    id: "",
    fullname: "Siti",
    email: "siti@rs.test",
    username: "siti",
    gender: "P",
    role: "admin",
    password: "kuda-lari-pagi-99",
  });
  assert.equal(r0.status, 200, JSON.stringify(r0.body));
  const r = await t.upload(
    "/api/user/import",
    "u.csv",
    "username,nama,email,peran\nadmin,Admin,admin@rs.test,casemix\nsiti,Siti,siti@rs.test,viewer\n",
  );
  assert.equal(r.status, 400, JSON.stringify(r.body));
  assert.match(r.body.message, /Baris 3: .*minimal satu Administrator/);
  const roles = async () =>
    (await users(t.store).index()).rows().map((u) => String(u.value.role)).sort();
  assert.deepEqual(await roles(), ["admin", "admin"]);
  assert.equal((await users(t.store).find(t.admin._id))!.value.fullname, "Admin Uji");
});

Deno.test("administrators: two demoting each other at the same moment leave exactly one", async () => {
  await using t = await setup();
  const r0 = await t.post("/api/user/update", {
    id: "",
    fullname: "Siti",
    email: "siti@rs.test",
    username: "siti",
    gender: "P",
    role: "admin",
    password: "kuda-lari-pagi-99",
  });
  assert.equal(r0.status, 200, JSON.stringify(r0.body));
  const roles = async () =>
    (await users(t.store).index()).rows().map((u) => String(u.value.role)).sort();
  // two administrators demote each other at the same moment: exactly one succeeds
  // (a role change ends the account's sessions: each round signs both in afresh)
  for (let round = 0; round < 5; round++) {
    const admin = await t.as("admin", "admin");
    const siti = await t.as("admin", "siti");
    const list = (await admin.json("/api/user?length=100")).body.data as Record<string, string>[];
    const row = (name: string, role: string) => {
      const u = list.find((x) => x.username === name)!;
      return {
        id: u._id,
        _version: u._version,
        fullname: u.fullname,
        email: u.email,
        username: u.username,
        gender: u.gender,
        role,
      };
    };
    const [a, b] = await Promise.all([
      siti.post("/api/user/update", row("admin", "viewer")),
      admin.post("/api/user/update", row("siti", "viewer")),
    ]);
    const ok = [a, b].filter((x) => x.status === 200).length;
    assert.equal(ok, 1, `round ${round}: ${a.status} ${b.status}`);
    // the other is refused by the rule, or its session already ended by its own demotion
    const refused = a.status === 200 ? b : a;
    if (refused.status !== 401) {
      assert.equal(refused.status, 409, JSON.stringify(refused.body));
      assert.match(refused.body.message, /minimal satu Administrator/);
    }
    assert.deepEqual(await roles(), ["admin", "viewer"]);
    // the one left promotes the other again for the next round
    const left = a.status === 200 ? "siti" : "admin";
    const back = await t.as("admin", left);
    const now = (await back.json("/api/user?length=100")).body.data as Record<string, string>[];
    const other = now.find((u) => u.role !== "admin")!;
    const res = await back.post("/api/user/update", {
      id: other._id,
      _version: other._version,
      fullname: other.fullname,
      email: other.email,
      username: other.username,
      gender: other.gender,
      role: "admin",
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
  }
});
