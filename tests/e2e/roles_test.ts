import assert from "node:assert/strict";
import { users } from "../../lib/auth/auth.ts";
import { hashPassword } from "../../lib/auth/password.ts";
import type { Role } from "../../lib/auth/roles.ts";
import { collectionOf } from "../../lib/resource/resource.ts";
import { registry } from "../../resources/mod.ts";
import { login, PASSWORD, session } from "./harness.ts";

const ADMIN_ONLY = ["Pengguna", "Backup Database", "Koneksi Database", "Jejak Audit"];

Deno.test("browser: each role sees only what it may do", async () => {
  await using s = await session();
  const { page, url } = s;
  const hash = await hashPassword(PASSWORD);
  for (const role of ["casemix", "viewer"] as Role[]) {
    await users(s.store).insert({
      fullname: `Uji ${role}`,
      email: `${role}@rs.test`,
      phone: "",
      username: role,
      gender: "",
      role,
      passwordHash: hash,
    });
  }
  await collectionOf(s.store, registry.get("province")!).insert({ kode: "11", desc: "Aceh" });

  for (const role of ["admin", "casemix", "viewer"] as Role[]) {
    await page.context().clearCookies();
    await login(page, url, role);
    const nav = await page.locator("nav.sidebar a").allInnerTexts();
    assert.ok(nav.includes("Provinsi") && nav.includes("Akun Saya"), `${role}: ${nav}`);
    for (const item of ADMIN_ONLY) {
      assert.equal(nav.includes(item), role === "admin", `${role} sidebar: ${item}`);
    }
    const badge = await page.locator(".role-badge").innerText();
    assert.equal(
      badge,
      { admin: "Administrator", casemix: "Petugas Casemix", viewer: "Pimpinan (lihat saja)" }[role],
    );

    // master data: the viewer reads the table, with no add, edit, delete or import
    await page.goto(`${url}/provinsi`);
    await page.waitForSelector("[data-island=DataTable][data-hydrated=true]");
    await page.locator(".dt-table tbody tr", { hasText: "Aceh" }).waitFor();
    const writes = role !== "viewer";
    assert.equal(await page.locator("button:has-text('Tambah Provinsi')").count(), writes ? 1 : 0);
    assert.equal(await page.locator(".dt-table button:has-text('Edit')").count(), writes ? 1 : 0);
    assert.equal(await page.locator(".dt-import").count(), writes ? 1 : 0);

    // inpatient list: adding a stay is work, the list and its export are for everyone
    await page.goto(`${url}/ipd`);
    await page.waitForSelector("[data-island=IpdList][data-hydrated=true]");
    assert.equal(await page.locator("button:has-text('Tambah Kunjungan')").count(), writes ? 1 : 0);

    // settings: read by all, saved by the admin only
    await page.goto(`${url}/pengaturan`);
    await page.waitForSelector("[data-island=SettingsForm][data-hydrated=true]");
    assert.equal(
      await page.locator(".settings-section button:has-text('Simpan')").count(),
      role === "admin" ? 4 : 0,
    );

    // an admin screen typed into the address bar is refused, and says so
    const res = await page.goto(`${url}/db-backup`);
    assert.equal(res!.status(), role === "admin" ? 200 : 403, role);
    if (role !== "admin") {
      assert.match(await page.locator("main").innerText(), /tidak memiliki akses/);
    } else {
      await page.goto(`${url}/audit`);
      await page.waitForSelector("[data-island=AuditTable][data-hydrated=true]");
      await page.waitForSelector("#audit-verify:has-text('Rantai hash utuh')");
      await page.locator(".dt-table tbody tr", { hasText: "login" }).first().waitFor();
    }
  }
  assert.deepEqual(s.errors, []);
});
