import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import LoginForm from "../islands/LoginForm.tsx";
import { DemoBadge } from "../components/DemoBadge.tsx";
import { Island } from "../components/Island.tsx";
import {
  authenticate,
  createSession,
  endSession,
  SESSION_COOKIE,
  SESSION_TTL_MS,
} from "../lib/auth/auth.ts";
import { BACKGROUND_URL, backgroundId } from "../lib/settings/background.ts";
import type { AppEnv } from "../lib/http/env.ts";
import { readFields } from "../lib/http/http.ts";
import { audit, clientIp, isHttps } from "../lib/http/client.ts";
import { roleOf } from "../lib/auth/roles.ts";
import { clearFailures, lockedFor, lockedMessage, recordFailure } from "../lib/auth/throttle.ts";
import { parseHospitalCode } from "../lib/licence/client.ts";
import { graceNotice, type LicenceGate, type LicenceRefusal } from "../lib/licence/gate.ts";
import { readLicence } from "../lib/licence/record.ts";
import { renderPage } from "./_render.tsx";

/** Message for an empty hospital code (the form was not loaded properly). */
export const RELOAD_MESSAGE = "Tolong di Reload Lagi Halaman Anda.";

export type { LicenceGate };

/** HTTP status of each licence refusal. */
const REFUSAL_STATUS: Record<LicenceRefusal, 403 | 502 | 503> = {
  missing: 403,
  mismatch: 403,
  inactive: 403,
  offline: 503,
  error: 502,
};

/**
 * Login page and API. `licence` is checked before the password on every login (see
 * lib/licence/gate.ts); a server with no validated licence sends the login page to
 * `/validation`.
 */
export function authRoutes(licence: LicenceGate) {
  const r = new Hono<AppEnv>();

  r.get("/auth/login", async (c) => {
    if (c.get("session")) return c.redirect("/");
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
          <Island name="LoginForm" component={LoginForm} props={{ hospitalCode }} />
        </main>
      ),
    });
  });

  r.post("/auth/login", async (c) => {
    const f = await readFields(c);
    const hospitalCode = (f.hospitalCode ?? "").trim();
    if (!hospitalCode) return c.json({ success: false, message: RELOAD_MESSAGE }, 400);
    parseHospitalCode(hospitalCode);
    if (!f.username?.trim() || !f.password) {
      return c.json({ success: false, message: "Username dan password wajib diisi." }, 400);
    }
    const gate = await licence.check(hospitalCode, c.get("store"));
    if (!gate.ok) {
      const { reason, message, detail } = gate;
      return c.json({ success: false, licence: reason, message, detail }, REFUSAL_STATUS[reason]);
    }
    const store = c.get("store");
    const username = f.username.trim().toLowerCase();
    const ip = clientIp(c);
    const locked = await lockedFor(store, username, ip);
    if (locked > 0) {
      await audit(c, { action: "login_locked", entity: "user", after: { username } }, {
        username,
      });
      return c.json({ success: false, message: lockedMessage(locked) }, 429);
    }
    const user = await authenticate(store, username, f.password);
    if (!user) {
      const lockedNow = await recordFailure(store, username, ip);
      await audit(c, { action: "login_failed", entity: "user", after: { username } }, {
        username,
      });
      if (lockedNow) {
        await audit(c, { action: "lockout", entity: "user", after: { username } }, { username });
      }
      return c.json({ success: false, message: "Username atau password salah." }, 401);
    }
    await clearFailures(store, username);
    const token = await createSession(c.get("store"), {
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
    await audit(c, { action: "login", entity: "user", entityId: user._id }, {
      username: user.username,
      role: roleOf(user),
    });
    const notice = gate.graceUntil ? graceNotice(gate.graceUntil) : undefined;
    return c.json({ success: true, message: "Login berhasil.", notice });
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
