import { type LicenceCodes, startLicenceServer } from "../lib/licence/server.ts";
import { ADMIN_PASSWORD, setup } from "./helpers.ts";

/** Codes the test licence service knows: two active, one not. */
export const codes = (): LicenceCodes => ({
  RS01: { actived: true, lisensi: "LIS-RS01-2025" },
  RS02: { actived: true, lisensi: "LIS-RS02-2025" },
  RSOFF: { actived: false, lisensi: "LIS-OFF-2024" },
});

/**
 * The app with the real licence check against the shipped licence service, started on a free
 * port (`svc`, its `codes` may be changed by the test). Disposing stops both.
 */
export async function licensed(
  opts: { graceDays?: number; url?: string; timeoutMs?: number } = {},
) {
  const known = codes();
  const svc = startLicenceServer({ codes: known });
  const t = await setup({
    config: {
      licenceUrl: opts.url ?? svc.url,
      licenceGraceDays: opts.graceDays ?? 7,
      licenceTimeoutMs: opts.timeoutMs ?? 1500,
    },
  });
  /** POST /auth/login without a session. */
  const login = async (hospitalCode: string, password = ADMIN_PASSWORD) => {
    const res = await t.app.request("/auth/login", {
      method: "POST",
      body: new URLSearchParams({ hospitalCode, username: "admin", password }),
    });
    return { res, status: res.status, body: await res.json() };
  };
  /** A request without the session cookie. */
  const anon = (path: string, init?: RequestInit) => t.app.request(path, init);
  let stopped = false;
  return {
    ...t,
    svc,
    codes: known,
    login,
    anon,
    /** Stops the licence service (it becomes unreachable). */
    async stopService() {
      stopped = true;
      await svc.close();
    },
    async [Symbol.asyncDispose]() {
      if (!stopped) await svc.close();
      await t[Symbol.asyncDispose]();
    },
  };
}
