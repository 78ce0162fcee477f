import type { Store } from "../db/store.ts";

/** Failures of one username within the window that lock it. */
export const USER_FAILURES = 5;
/** Failures from one client address within the window before it is refused. */
export const IP_FAILURES = 20;
/** The window, and how long a lock lasts. */
export const WINDOW_MS = 15 * 60_000;

interface Failures {
  /** Times of the failures still inside the window. */
  at: number[];
  /** Set when the limit was reached: logins are refused until then. */
  lockedUntil?: number;
}

const userKey = (username: string) => ["login_fail", "user", username.trim().toLowerCase()];
const ipKey = (ip: string) => ["login_fail", "ip", ip];

/** The Indonesian refusal of a locked login, with the minutes left. */
export const lockedMessage = (ms: number) =>
  `Terlalu banyak percobaan login. Coba lagi dalam ${Math.max(1, Math.ceil(ms / 60_000))} menit.`;

async function read(store: Store, key: Deno.KvKey, now: number) {
  const e = await store.kv.get<Failures>(key);
  const v = e.value ?? { at: [] };
  return { entry: e, at: v.at.filter((t) => now - t < WINDOW_MS), lockedUntil: v.lockedUntil };
}

/**
 * How long logins for `username` (whether or not it exists) or from `ip` are still refused,
 * in ms; 0 when they may try.
 */
export async function lockedFor(store: Store, username: string, ip: string): Promise<number> {
  const now = Date.now();
  const u = await read(store, userKey(username), now);
  const a = await read(store, ipKey(ip), now);
  const userLeft = Math.max(0, (u.lockedUntil ?? 0) - now);
  const ipLeft = a.at.length >= IP_FAILURES ? a.at[a.at.length - IP_FAILURES] + WINDOW_MS - now : 0;
  return Math.max(userLeft, ipLeft);
}

/**
 * Counts a failed login for the username and the address. Returns true when this failure
 * locked the username (the caller audits the lockout).
 */
export async function recordFailure(store: Store, username: string, ip: string): Promise<boolean> {
  const now = Date.now();
  let locked = false;
  for (
    const [key, limit] of [[userKey(username), USER_FAILURES], [ipKey(ip), IP_FAILURES]] as const
  ) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const r = await read(store, key, now);
      const at = [...r.at, now].slice(-limit);
      const lock = key[1] === "user" && at.length >= limit && !((r.lockedUntil ?? 0) > now);
      const value: Failures = { at, lockedUntil: lock ? now + WINDOW_MS : r.lockedUntil };
      const ok = await store.kv.atomic().check(r.entry).set(key, value, {
        expireIn: 2 * WINDOW_MS,
      }).commit();
      if (ok.ok) {
        locked ||= lock;
        break;
      }
    }
  }
  return locked;
}

/** Clears a username's failures after a successful login or an admin's unlock. */
export async function clearFailures(store: Store, username: string): Promise<void> {
  await store.kv.delete(userKey(username));
}

/** The usernames locked now, with the time each lock ends. */
export async function lockedUsers(store: Store): Promise<Map<string, number>> {
  const now = Date.now();
  const out = new Map<string, number>();
  for await (const e of store.kv.list<Failures>({ prefix: ["login_fail", "user"] })) {
    if ((e.value.lockedUntil ?? 0) > now) out.set(String(e.key[2]), e.value.lockedUntil!);
  }
  return out;
}
