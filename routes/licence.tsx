import { audit, can, clientIp } from "../lib/http/request.ts";
import { type Context, Hono } from "hono";
import { DemoBadge } from "../components/DemoBadge.tsx";
import { Island } from "../components/Island.tsx";
import { formatDateTime } from "../lib/format.ts";
import { zoneLabel } from "../lib/hospital_time.ts";
import LicenceForm from "../islands/LicenceForm.tsx";
import type { AppEnv } from "../lib/http/env.ts";
import { readFields } from "../lib/http/http.ts";
import {
  deactivateLicence,
  lookupLicence,
  validateLicence,
  validationNeeds,
} from "../lib/licence/licence.ts";
import { parseHospitalCode } from "../lib/licence/client.ts";
import { everValidated, readLicence } from "../lib/licence/record.ts";
import { AddressThrottle, throttledMessage } from "../lib/licence/throttle.ts";
import { users } from "../lib/auth/auth.ts";
import { checkAttempt, lockedMessage, reserveAttempt } from "../lib/auth/throttle.ts";
import { allows, FORBIDDEN, roleOf } from "../lib/auth/roles.ts";
import { AppError } from "../lib/errors.ts";
import { renderPage } from "./_render.tsx";

type C = Context<AppEnv>;
type Actor = { username: string; role: string };

/** The administrator's username or password given with a licence change is wrong. */
export const BAD_ADMIN_MESSAGE = "Username atau password administrator salah.";

/**
 * The administrator allowed `METHOD pattern`: the signed-in one, or the account the request's
 * `username` and `password` name (an inactive licence lets nobody sign in). Wrong credentials 401
 * (counted and locked as a login), no right 403; null when none was given.
 */
async function administrator(
  c: C,
  method: string,
  pattern: string,
  f: Record<string, string>,
): Promise<Actor | null> {
  const s = c.get("session");
  if (s) return can(c, method, pattern) ? { username: s.username, role: s.role ?? "" } : null;
  const username = (f.username ?? "").trim().toLowerCase();
  if (!username || !f.password) return null;
  const store = c.get("store");
  const ip = clientIp(c);
  const exists = !!(await users(store).idBy("username", username));
  const attempt = await reserveAttempt(store, username, ip, exists);
  // an address limited for unknown usernames is answered as wrong credentials are
  if (attempt.refused?.by === "address") throw new AppError(401, BAD_ADMIN_MESSAGE);
  if (attempt.refused) throw new AppError(429, lockedMessage(attempt.refused.ms));
  const { user } = await checkAttempt(store, attempt.attempt, f.password);
  if (!user) {
    const failed = { action: "login_failed", entity: "licence", after: { username } };
    await audit(c, failed, { username });
    throw new AppError(401, BAD_ADMIN_MESSAGE);
  }
  const role = roleOf(user);
  const access = c.get("access")?.(method, pattern);
  if (!access || !allows(role, access)) throw new AppError(403, FORBIDDEN);
  return { username: user.username, role };
}

/** The validation page, saving and removing a licence, and the activation service's proxy. */
export function licenceRoutes() {
  const r = new Hono<AppEnv>();
  const throttle = new AddressThrottle();
  const limit = (c: C) => {
    if (c.get("session")) return;
    const wait = throttle.take(clientIp(c));
    if (wait > 0) throw new AppError(429, throttledMessage(wait));
  };

  r.get("/validation", async (c) => {
    const store = c.get("store");
    const rec = await readLicence(store);
    const demo = c.get("config").demoHospitalCode;
    const current = rec
      ? {
        hospitalCode: rec.hospitalCode,
        verifiedAt: `${formatDateTime(rec.verifiedAt)} ${zoneLabel()}`,
      }
      : undefined;
    // once a licence was validated, changing it needs an administrator's username and password
    const askAdmin = !can(c, "POST", "/validation#replace") && await everValidated(store);
    return renderPage(c, {
      title: "Validasi Lisensi",
      bare: true,
      body: (
        <main class="login-page">
          <DemoBadge code={demo} />
          <Island
            name="LicenceForm"
            component={LicenceForm}
            props={{ current, demo, askAdmin }}
          />
        </main>
      ),
    });
  });

  r.post("/validation", async (c) => {
    const f = await readFields(c);
    const code = parseHospitalCode(f.hospitalCode ?? "");
    limit(c);
    const store = c.get("store");
    const admin = await validationNeeds(store, code) === "admin"
      ? await administrator(c, "POST", "/validation#replace", f)
      : null;
    const { rec, changed } = await validateLicence(store, c.get("config"), code, {
      mayReplace: !!admin,
    });
    const data = { hospitalCode: rec.hospitalCode, verifiedAt: rec.verifiedAt };
    if (changed) {
      const ev = { action: "licence_validate", entity: "licence", entityId: rec.hospitalCode };
      await audit(c, { ...ev, after: data }, admin ?? undefined);
    }
    return c.json({
      success: true,
      message: changed
        ? "Lisensi berhasil divalidasi dan disimpan."
        : "Lisensi ini sudah tervalidasi di server ini.",
      data,
    });
  });

  r.delete("/validation/deactived", async (c) => {
    const message = await deactivateLicence(c.get("store"), c.get("config"));
    await audit(c, { action: "licence_deactivate", entity: "licence" });
    return c.json({ success: true, message });
  });

  r.get("/lisensi/:code{.+}", async (c) => {
    const code = parseHospitalCode(c.req.param("code"));
    limit(c);
    const answer = await lookupLicence(c.get("config"), code);
    // the login page needs only this: the licence key and the service's other fields stay here
    return c.json({
      data: answer.data.slice(0, 1).map((d) => ({ actived: d.actived })),
      message: answer.message,
    });
  });
  return r;
}
