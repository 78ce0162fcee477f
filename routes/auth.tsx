import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import LoginForm from "../islands/LoginForm.tsx";
import { Island } from "../components/Island.tsx";
import {
  authenticate,
  createSession,
  endSession,
  SESSION_COOKIE,
  SESSION_TTL_MS,
} from "../lib/auth.ts";
import type { AppEnv } from "../lib/env.ts";
import { readFields } from "../lib/http.ts";
import { renderPage } from "../lib/page.tsx";

/** Message for an empty hospital code (the form was not loaded properly). */
export const RELOAD_MESSAGE = "Tolong di Reload Lagi Halaman Anda.";

/**
 * The seam for the licence check (a later issue): given the hospital code, say whether login
 * may proceed. The default accepts any non-empty code.
 */
export type LicenceGate = (hospitalCode: string) => Promise<{ ok: boolean; message?: string }>;

export function authRoutes(licence: LicenceGate = () => Promise.resolve({ ok: true })) {
  const r = new Hono<AppEnv>();

  r.get("/auth/login", (c) => {
    if (c.get("session")) return c.redirect("/");
    return renderPage(c, {
      title: "Login",
      bare: true,
      body: (
        <main class="login-page">
          <Island name="LoginForm" component={LoginForm} props={{}} />
        </main>
      ),
    });
  });

  r.post("/auth/login", async (c) => {
    const f = await readFields(c);
    const hospitalCode = (f.hospitalCode ?? "").trim();
    if (!hospitalCode) return c.json({ success: false, message: RELOAD_MESSAGE }, 400);
    if (!f.username?.trim() || !f.password) {
      return c.json({ success: false, message: "Username dan password wajib diisi." }, 400);
    }
    const gate = await licence(hospitalCode);
    if (!gate.ok) {
      return c.json({ success: false, message: gate.message ?? "Lisensi tidak aktif." }, 403);
    }
    const user = await authenticate(c.get("store"), f.username.trim(), f.password);
    if (!user) return c.json({ success: false, message: "Username atau password salah." }, 401);
    const token = await createSession(c.get("store"), {
      userId: user._id,
      username: user.username,
      fullname: user.fullname || user.username,
      hospitalCode,
    });
    setCookie(c, SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: "Lax",
      path: "/",
      secure: new URL(c.req.url).protocol === "https:",
      maxAge: SESSION_TTL_MS / 1000,
    });
    return c.json({ success: true, message: "Login berhasil." });
  });

  r.post("/auth/logout", async (c) => {
    await endSession(c.get("store"), getCookie(c, SESSION_COOKIE));
    deleteCookie(c, SESSION_COOKIE, { path: "/" });
    return c.redirect("/auth/login", 303);
  });
  return r;
}
