import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import PasswordForm from "../islands/PasswordForm.tsx";
import { Island } from "../components/Island.tsx";
import { changeOwnPassword, PASSWORD_PAGE } from "../lib/auth/account.ts";
import { SESSION_COOKIE, users } from "../lib/auth/auth.ts";
import { PASSWORD_MIN } from "../lib/auth/policy.ts";
import { clearFailures } from "../lib/auth/throttle.ts";
import { notFound } from "../lib/errors.ts";
import { audit } from "../lib/http/request.ts";
import type { AppEnv, NavItem } from "../lib/http/env.ts";
import { readFields } from "../lib/http/http.ts";
import { renderPage } from "./_render.tsx";

/** 'Ganti Password' (everyone, for their own account) and the admin's unlock of an account. */
/** The password change screen in the sidebar. */
export const NAV: NavItem[] = [
  { group: "Pengguna", title: "Ganti Password", path: PASSWORD_PAGE },
];

export function accountRoutes() {
  const r = new Hono<AppEnv>();

  r.get(PASSWORD_PAGE, (c) => {
    const s = c.get("session")!;
    const first = !!s.mustChangePassword;
    return renderPage(c, {
      title: "Ganti Password",
      body: (
        <>
          {first && (
            <p class="alert alert-danger" role="alert">
              Password awal harus diganti sebelum aplikasi dapat dipakai: password itu tercetak di
              log layanan. Pilih password baru di bawah ini.
            </p>
          )}
          <Island
            name="PasswordForm"
            component={PasswordForm}
            props={{ username: s.username, min: PASSWORD_MIN, first }}
          />
        </>
      ),
    });
  });

  r.post("/api/user/password", async (c) => {
    const f = await readFields(c);
    const s = c.get("session")!;
    await changeOwnPassword(
      c.get("store"),
      s.userId,
      f.oldPassword ?? "",
      f.newPassword ?? "",
      getCookie(c, SESSION_COOKIE),
    );
    await audit(c, { action: "password_change", entity: "user", entityId: s.userId });
    return c.json({
      success: true,
      message: "Password berhasil diganti. Sesi lain akun ini telah diakhiri.",
    });
  });

  r.post("/api/user/unlock/:id", async (c) => {
    const row = await users(c.get("store")).find(c.req.param("id"));
    if (!row) throw notFound();
    await clearFailures(c.get("store"), row.value.username);
    await audit(c, {
      action: "unlock",
      entity: "user",
      entityId: row.value._id,
      after: { username: row.value.username },
    });
    return c.json({ success: true, message: `Akun ${row.value.username} dapat login kembali.` });
  });
  return r;
}
