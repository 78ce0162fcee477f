import { Hono } from "hono";
import ConnectionForm from "../islands/ConnectionForm.tsx";
import { saveConnection } from "../lib/backup/connection.ts";
import { readConnection } from "../lib/db/configured.ts";
import type { AppEnv, NavItem } from "../lib/http/env.ts";
import { readFields } from "../lib/http/http.ts";
import { audit } from "../lib/http/request.ts";
import { users } from "../lib/auth/auth.ts";
import { verifyPassword } from "../lib/auth/password.ts";
import { badRequest } from "../lib/errors.ts";
import { islandPage } from "./_render.tsx";

export const NAV: NavItem[] = [
  { group: "Pengaturan", title: "Koneksi Database", path: "/koneksi" },
];

/** 'Koneksi Database': where Deno KV lives; `timeoutMs` bounds the connection test. */
export function connectionRoutes(timeoutMs = 5000) {
  const r = new Hono<AppEnv>();

  r.get("/koneksi", async (c) => {
    const store = c.get("store");
    const saved = await readConnection(c.get("config").dataDir).catch(() => null);
    const remote = store.kind === "remote";
    return islandPage(c, "Koneksi Database", "ConnectionForm", ConnectionForm, {
      mode: remote ? "remote" as const : "local" as const,
      ip: remote ? store.base : saved?.mode === "remote" ? saved.url : "",
      current: store.kind === "memory" ? "memori (sementara)" : store.path,
    });
  });

  r.post("/connection/save-ip", async (c) => {
    const fields = await readFields(c);
    const store = c.get("store");
    const note = (action: string, after: object) =>
      audit(c, { action, entity: "connection", after });
    const me = await users(store).find(c.get("session")!.userId);
    if (!me || !(await verifyPassword(fields.password ?? "", me.value.passwordHash))) {
      await note("connection_refused", { ip: fields.ip });
      throw badRequest("Password Anda salah; koneksi tidak diubah.");
    }
    const opts = { log: c.get("audit"), timeoutMs };
    const message = await saveConnection(store, c.get("config"), fields, opts);
    const ip = fields.mode === "local" ? "" : fields.ip;
    await note("connection_change", { mode: fields.mode ?? "remote", ip });
    return c.json({ success: true, message });
  });
  return r;
}
