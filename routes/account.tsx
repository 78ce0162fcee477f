import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import PasswordForm from "../islands/PasswordForm.tsx";
import NikForm from "../islands/NikForm.tsx";
import { Island } from "../components/Island.tsx";
import { changeOwnPassword, PASSWORD_PAGE, setOwnNik } from "../lib/auth/account.ts";
import { SESSION_COOKIE, users } from "../lib/auth/auth.ts";
import { PASSWORD_MIN } from "../lib/auth/policy.ts";
import { clearFailures } from "../lib/auth/throttle.ts";
import { notFound } from "../lib/errors.ts";
import { audit } from "../lib/http/request.ts";
import type { AppEnv, NavItem } from "../lib/http/env.ts";
import { readFields } from "../lib/http/http.ts";
import { renderPage } from "./_render.tsx";
import user, { NIK_HINT } from "../resources/user.ts";
import { parseOr400 } from "../lib/resource/validate.ts";

/** The account form's NIK check: the user form's own. */
const NIK_ONLY = user.schema.pick({ nik: true });

export const NAV: NavItem[] = [
  { group: "Pengguna", title: "Akun Saya", path: PASSWORD_PAGE },
];

/** 'Akun Saya' (one's own E-Klaim NIK and password) and the admin's unlock of an account. */
export function accountRoutes() {
  const r = new Hono<AppEnv>();

  r.get(PASSWORD_PAGE, async (c) => {
    const s = c.get("session")!;
    const first = !!s.mustChangePassword;
    const me = first ? null : await users(c.get("store")).find(s.userId);
    return renderPage(c, {
      title: first ? "Ganti Password" : "Akun Saya",
      body: (
        <>
          {first && (
            <p class="alert alert-danger" role="alert">
              Password awal harus diganti sebelum aplikasi dapat dipakai: password itu tercetak di
              log layanan. Pilih password baru di bawah ini.
            </p>
          )}
          {!first && (
            <Island
              name="NikForm"
              component={NikForm}
              props={{ nik: me?.value.nik ?? "", hint: NIK_HINT }}
            />
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

  r.post("/api/user/nik", async (c) => {
    const { nik } = parseOr400(NIK_ONLY, await readFields(c));
    const s = c.get("session")!;
    const { before, after } = await setOwnNik(c.get("store"), s.userId, nik as string);
    const change = { before: { nik: before }, after: { nik: after } };
    if (before !== after) {
      await audit(c, { action: "update", entity: "user", entityId: s.userId, ...change });
    }
    return c.json({ success: true, message: after ? "NIK disimpan." : "NIK dihapus.", nik: after });
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
    const { _id: entityId, username } = row.value;
    await audit(c, { action: "unlock", entity: "user", entityId, after: { username } });
    return c.json({ success: true, message: `Akun ${username} dapat login kembali.` });
  });
  return r;
}
