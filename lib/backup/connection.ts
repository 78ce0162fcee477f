import { ulid } from "ulid";
import { z } from "zod";
import { type Connection, connectionPath, locationOf } from "../db/configured.ts";
import { ensureAdmin } from "../auth/auth.ts";
import type { Config } from "../config.ts";
import type { AuditLog } from "../audit/log.ts";
import { drainOutbox } from "../http/outbox.ts";
import { writeAtomic } from "../db/db_file.ts";
import { AppError, badRequest, conflict } from "../errors.ts";
import { carrySessions } from "./restore.ts";
import { type Opened, openKvAt, type Store, StoreLockedError } from "../db/store.ts";

/** The message for a remote connection without an address. */
export const IP_REQUIRED = "Mohon masukkan alamat IP Server";

/** A KV Connect URL from what was typed: `10.0.0.5` → `http://10.0.0.5:4512` (denokv's port). */
export function normalizeAddress(ip: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(ip) && !/^https?:\/\//i.test(ip)) {
    throw badRequest("Alamat server harus http:// atau https:// (KV Connect).");
  }
  const withScheme = /^https?:\/\//i.test(ip) ? ip : `http://${ip}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw badRequest(
      "Alamat server tidak valid. Contoh: 192.168.1.10 atau http://192.168.1.10:4512",
    );
  }
  if (!/^https?:\/\//i.test(ip) && !url.port) url.port = "4512";
  return url.href.replace(/\/$/, "");
}

const within = <T>(p: Promise<T>, ms: number, what: string): Promise<T> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} tidak menjawab dalam ${ms / 1000} detik`)),
      ms,
    );
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
};

/** Opens `location` and writes, reads back and deletes a probe key, within `timeoutMs`. */
async function openAndProbe(
  location: string,
  token: string | undefined,
  timeoutMs: number,
): Promise<Opened> {
  let late = false;
  const opening = openKvAt(location, token);
  opening.then((o) => late && (o.kv.close(), o.unlock()), () => {});
  let o: Opened;
  try {
    o = await within(opening, timeoutMs, location);
  } catch (e) {
    late = true;
    throw e;
  }
  try {
    await within(probe(o.kv), timeoutMs, location);
    return o;
  } catch (e) {
    o.kv.close();
    o.unlock();
    throw e;
  }
}

async function probe(kv: Deno.Kv): Promise<void> {
  const key = ["_probe", ulid()];
  const value = { at: Date.now() };
  await kv.set(key, value);
  const back = await kv.get<typeof value>(key);
  await kv.delete(key);
  if (back.value?.at !== value.at) throw new Error("nilai uji tidak terbaca kembali");
}

const input = z.object({
  mode: z.enum(["local", "remote"]).optional(),
  ip: z.string().trim().max(300).default(""),
  token: z.string().trim().max(4000).default(""),
});

/** Saves the connection chosen once a probe goes through, and switches (else 400, no change). */
export async function saveConnection(
  store: Store,
  config: Config,
  fields: Record<string, string>,
  { log, timeoutMs = 5000 }: { log: AuditLog; timeoutMs?: number },
): Promise<string> {
  const f = input.parse(fields);
  const mode = f.mode ?? "remote";
  if (mode === "remote" && !f.ip) throw badRequest(IP_REQUIRED);
  if (mode === "remote" && !f.token) throw badRequest("Token akses KV Connect wajib diisi.");
  const conn: Connection = mode === "remote"
    ? { mode, url: normalizeAddress(f.ip), token: f.token }
    : { mode };
  const location = locationOf(config, conn);
  const same = conn.mode === "local" && location === store.base;
  let next: Opened | null = null;
  try {
    const token = conn.mode === "remote" ? conn.token : undefined;
    if (same) await within(probe(store.kv), timeoutMs, location);
    else next = await openAndProbe(location, token, timeoutMs);
  } catch (e) {
    if (e instanceof StoreLockedError) throw conflict(e.message);
    if (e instanceof AppError) throw e;
    // the remote server's own answer is logged, never sent back (it may be anything)
    console.error(`Koneksi ke ${location} gagal:`, (e as Error).message);
    const why = /tidak menjawab dalam/.test((e as Error).message)
      ? (e as Error).message
      : "server tidak dapat dihubungi, bukan server KV Connect, atau token ditolak";
    throw badRequest(`Koneksi ke ${location} gagal: ${why}. Pengaturan tidak diubah.`);
  }
  const text = JSON.stringify(conn, null, 2);
  if (!next) {
    await writeAtomic(connectionPath(config.dataDir), text, 0o600);
    return "Koneksi berhasil diuji dan disimpan.";
  }
  const opened = next;
  await drainOutbox(store.kv, log);
  try {
    await store.gate.exclusive(async () => {
      await carrySessions(store.kv, opened.kv);
      await writeAtomic(connectionPath(config.dataDir), text, 0o600);
      store.switchTo(opened);
    });
  } catch (e) {
    opened.kv.close();
    opened.unlock();
    throw e;
  }
  await drainOutbox(store.kv, log);
  const admin = await ensureAdmin(store, config.adminPassword);
  if (admin.password) console.log(`Login pertama di basis data baru: admin / '${admin.password}'`);
  return `Koneksi berhasil diuji; aplikasi sekarang memakai ${location}.`;
}
