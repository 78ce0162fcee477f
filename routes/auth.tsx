import { type Context, Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import LoginForm from "../islands/LoginForm.tsx";
import { DemoBadge } from "../components/DemoBadge.tsx";
import { Island } from "../components/Island.tsx";
import {
  createSession,
  endSession,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  users,
} from "../lib/auth/auth.ts";
import { BACKGROUND_URL, backgroundId } from "../lib/settings/background.ts";
import type { AppEnv } from "../lib/http/env.ts";
import { readFields } from "../lib/http/http.ts";
import { audit, clientIp, isHttps } from "../lib/http/request.ts";
import { auditRepeated } from "../lib/http/folded.ts";
import { roleOf } from "../lib/auth/roles.ts";
import {
  checkAttempt,
  type Lock,
  lockedFor,
  lockedMessage,
  reserveAttempt,
} from "../lib/auth/throttle.ts";
import { parseHospitalCode } from "../lib/licence/client.ts";
import { safeNext } from "../lib/auth/account.ts";
import { graceNotice, type LicenceGate, type LicenceRefusal } from "../lib/licence/gate.ts";
import { readLicence } from "../lib/licence/record.ts";
import { renderPage } from "./_render.tsx";

/** Message for an empty hospital code (the form was not loaded properly). */
export const RELOAD_MESSAGE = "Tolong di Reload Lagi Halaman Anda.";

const REFUSAL_STATUS: Record<LicenceRefusal, 403 | 502 | 503> = {
  missing: 403,
  mismatch: 403,
  inactive: 403,
  offline: 503,
  error: 502,
};

/** The longest username an account may have (as the account form). */
const USERNAME_MAX = 50;

/** The answer to wrong credentials, whether or not the username exists. */
const WRONG = "Username atau password salah.";

/** A login refused by a lock: a locked user 429; a guessing address 401, as a wrong password. */
async function refuse(c: Context<AppEnv>, lock: Lock, username: string, ip: string) {
  const ev = { action: "login_locked", entity: "user" };
  if (lock.by === "user") {
    await auditRepeated(c, `user:${username}`, { ...ev, after: { username } }, { username });
    return c.json({ success: false, message: lockedMessage(lock.ms) }, 429);
  }
  await auditRepeated(c, `ip:${ip}`, { ...ev, after: { address: ip, username } }, { username });
  return c.json({ success: false, message: WRONG }, 401);
}

/** Login page and API; `licence` is checked before the password (none validated: `/validation`). */
export function authRoutes(licence: LicenceGate) {
  const r = new Hono<AppEnv>();

  r.get("/auth/login", async (c) => {
    const next = safeNext(c.req.query("next"));
    if (c.get("session")) return c.redirect(next);
    const store = c.get("store");
    if (await licence.unvalidated?.(store)) return c.redirect("/validation");
    const hospitalCode = (await readLicence(store))?.hospitalCode ?? "";
    const bg = await backgroundId(store, c.get("config").dataDir);
    return renderPage(c, {
      title: "Login",
      bare: true,
      body: (
        <main class="login-page">
          {bg && <img class="login-bg" src={`${BACKGROUND_URL}?v=${bg}`} alt="" />}
          <DemoBadge code={c.get("config").demoHospitalCode} />
          <Island name="LoginForm" component={LoginForm} props={{ hospitalCode, next }} />
        </main>
      ),
    });
  });

  r.post("/auth/login", async (c) => {
    c.header("cache-control", "no-store");
    const f = await readFields(c);
    const hospitalCode = (f.hospitalCode ?? "").trim();
    if (!hospitalCode) return c.json({ success: false, message: RELOAD_MESSAGE }, 400);
    parseHospitalCode(hospitalCode);
    if (!f.username?.trim() || !f.password) {
      return c.json({ success: false, message: "Username dan password wajib diisi." }, 400);
    }
    const username = f.username.trim().toLowerCase();
    if (username.length > USERNAME_MAX) {
      const message = `Username paling banyak ${USERNAME_MAX} karakter.`;
      return c.json({ success: false, message }, 400);
    }
    const store = c.get("store");
    const ip = clientIp(c);
    // refused before anything costly or written: the licence service, KV, the hash
    const exists = !!(await users(store).idBy("username", username));
    const early = await lockedFor(store, username, ip, exists);
    if (early) return refuse(c, early, username, ip);
    const gate = await licence.check(hospitalCode, store);
    if (!gate.ok) {
      const { reason, message, detail } = gate;
      return c.json({ success: false, licence: reason, message, detail }, REFUSAL_STATUS[reason]);
    }
    const attempt = await reserveAttempt(store, username, ip, exists);
    if (attempt.refused) return refuse(c, attempt.refused, username, ip);
    const { user, locks } = await checkAttempt(store, attempt.attempt, f.password);
    if (!user) {
      const failed = { action: "login_failed", entity: "user", after: { username } };
      await auditRepeated(c, `${username}|${ip}`, failed, { username });
      if (locks) {
        await audit(c, { action: "lockout", entity: "user", after: { username } }, { username });
      }
      return c.json({ success: false, message: WRONG }, 401);
    }
    const token = await createSession(store, {
      userId: user._id,
      username: user.username,
      fullname: user.fullname || user.username,
      hospitalCode,
      licenceGraceUntil: gate.graceUntil,
    });
    setCookie(c, SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: "Lax",
      path: "/",
      secure: isHttps(c),
      maxAge: SESSION_TTL_MS / 1000,
    });
    const who = { username: user.username, role: roleOf(user) };
    await audit(c, { action: "login", entity: "user", entityId: user._id }, who);
    const notice = gate.graceUntil ? graceNotice(gate.graceUntil) : undefined;
    return c.json({ success: true, message: "Login berhasil.", notice });
  });

  // what the page asks to keep an idle session going ('Tetap masuk'): the request itself does
  r.get("/api/session", (c) => {
    const s = c.get("session")!;
    const idleMinutes = c.get("config").sessionIdleMinutes;
    return c.json({ success: true, username: s.username, idleMinutes });
  });

  r.post("/auth/logout", async (c) => {
    const s = c.get("session");
    if (s) await audit(c, { action: "logout", entity: "user", entityId: s.userId });
    await endSession(c.get("store"), getCookie(c, SESSION_COOKIE));
    deleteCookie(c, SESSION_COOKIE, { path: "/" });
    return c.redirect("/auth/login", 303);
  });
  return r;
}
