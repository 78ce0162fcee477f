import type { Store } from "../db/store.ts";
import { authenticate, type User } from "./auth.ts";

/** Failed attempts at one username within the window that lock it (and attempts checked at once). */
export const USER_FAILURES = 5;
/** Failures at usernames that do not exist, from one client address, before it is refused. */
export const IP_FAILURES = 20;
/** The window, and how long a lock lasts. */
export const WINDOW_MS = 15 * 60_000;

interface Failures {
  /** Times of the failures still inside the window. */
  at: number[];
  /** Attempts whose password is being checked now, by id: when each began. */
  pending?: Record<string, number>;
  /** Set when the limit was reached: logins are refused until then. */
  lockedUntil?: number;
}

/** An attempt checked longer than this (its process died) counts as a failure. */
const PENDING_MS = 60_000;
/** How often an attempt waiting for a free check looks again. */
const WAIT_MS = 25;

const userKey = (username: string) => ["login_fail", "user", username.trim().toLowerCase()];
const ipKey = (ip: string) => ["login_fail", "ip", ip];

/** The Indonesian refusal of a locked login, with the minutes left. */
export const lockedMessage = (ms: number) =>
  `Terlalu banyak percobaan login. Coba lagi dalam ${Math.max(1, Math.ceil(ms / 60_000))} menit.`;

async function read(store: Store, key: Deno.KvKey, now: number) {
  const e = await store.kv.get<Failures>(key);
  const v = e.value ?? { at: [] };
  const pending: Record<string, number> = {};
  const at = v.at.filter((t) => now - t < WINDOW_MS);
  for (const [id, t] of Object.entries(v.pending ?? {})) {
    if (now - t < PENDING_MS) pending[id] = t;
    else if (now - t < WINDOW_MS) at.push(t);
  }
  return { entry: e, at, pending, lockedUntil: v.lockedUntil };
}

/** Why a login is refused before its password is looked at: the lock's time left and whose. */
export interface Lock {
  ms: number;
  /** `user`: the username is locked; `address`: too many unknown usernames from the address. */
  by: "user" | "address";
}

type Read = Awaited<ReturnType<typeof read>>;

function lockOf(u: Read, a: Read | null, now: number): Lock | null {
  // failures at the limit lock even without the mark (attempts counted after taking too long)
  const full = u.at.length >= USER_FAILURES ? u.at[u.at.length - USER_FAILURES] + WINDOW_MS : 0;
  const userLeft = Math.max(u.lockedUntil ?? 0, full) - now;
  if (userLeft > 0) return { ms: userLeft, by: "user" };
  if (a && a.at.length >= IP_FAILURES) {
    return { ms: a.at[a.at.length - IP_FAILURES] + WINDOW_MS - now, by: "address" };
  }
  return null;
}

/** Why logins for `username` are refused now (an address only for unknown usernames), or null. */
export async function lockedFor(
  store: Store,
  username: string,
  ip: string,
  exists: boolean,
): Promise<Lock | null> {
  const now = Date.now();
  const u = await read(store, userKey(username), now);
  return lockOf(u, exists ? null : await read(store, ipKey(ip), now), now);
}

/** A login attempt reserved before its password is checked; `checkAttempt` ends it. */
export interface Attempt {
  username: string;
  id: string;
}

/**
 * Reserves a login attempt in one commit with the lock check, so parallel guesses cannot all
 * pass (those beyond `USER_FAILURES` wait); returns the lock when the login is refused instead.
 */
export async function reserveAttempt(
  store: Store,
  username: string,
  ip: string,
  exists: boolean,
): Promise<{ refused: Lock } | { refused: null; attempt: Attempt }> {
  const id = crypto.randomUUID();
  for (;;) {
    const now = Date.now();
    const u = await read(store, userKey(username), now);
    const a = exists ? null : await read(store, ipKey(ip), now);
    const refused = lockOf(u, a, now);
    if (refused) return { refused };
    if (u.at.length + Object.keys(u.pending).length >= USER_FAILURES) {
      await new Promise((ok) => setTimeout(ok, WAIT_MS));
      continue;
    }
    const op = store.kv.atomic().check(u.entry).set(
      userKey(username),
      { at: u.at, pending: { ...u.pending, [id]: now } } satisfies Failures,
      { expireIn: 2 * WINDOW_MS },
    );
    if (a) {
      op.check(a.entry).set(ipKey(ip), { at: [...a.at, now].slice(-IP_FAILURES) }, {
        expireIn: 2 * WINDOW_MS,
      });
    }
    if ((await op.commit()).ok) return { refused: null, attempt: { username, id } };
  }
}

/** Ends a reserved attempt: `ok` clears the failures, else one more (`locks`: it set the lock). */
async function settleAttempt(
  store: Store,
  attempt: Attempt,
  ok: boolean,
): Promise<{ locks: boolean }> {
  const key = userKey(attempt.username);
  for (;;) {
    const now = Date.now();
    const u = await read(store, key, now);
    if (!(attempt.id in u.pending)) return { locks: false };
    const { [attempt.id]: _, ...pending } = u.pending;
    const at = ok ? [] : [...u.at, now].slice(-USER_FAILURES);
    const locked = !ok && (u.lockedUntil ?? 0) > now;
    const locks = !ok && !locked && at.length >= USER_FAILURES;
    const op = store.kv.atomic().check(u.entry);
    if (!at.length && !Object.keys(pending).length) op.delete(key);
    else {
      const lockedUntil = locked ? u.lockedUntil : locks ? now + WINDOW_MS : undefined;
      op.set(key, { at, pending, lockedUntil } satisfies Failures, { expireIn: 2 * WINDOW_MS });
    }
    if ((await op.commit()).ok) return { locks };
  }
}

/** Checks a reserved attempt's password and settles it: the account or null, and `locks`. */
export async function checkAttempt(
  store: Store,
  attempt: Attempt,
  password: string,
): Promise<{ user: User | null; locks: boolean }> {
  let user: User | null;
  try {
    user = await authenticate(store, attempt.username, password);
  } catch (e) {
    await settleAttempt(store, attempt, false);
    throw e;
  }
  return { user, ...await settleAttempt(store, attempt, !!user) };
}

/** Clears a username's failures, lock and reserved attempts (an admin's unlock). */
export async function clearFailures(store: Store, username: string): Promise<void> {
  await store.kv.delete(userKey(username));
}
