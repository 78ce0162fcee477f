import type { Store } from "../db/store.ts";

/** Attempts at one username within the window that lock it. */
export const USER_FAILURES = 5;
/** Failures at usernames that do not exist, from one client address, before it is refused. */
export const IP_FAILURES = 20;
/** The window, and how long a lock lasts. */
export const WINDOW_MS = 15 * 60_000;

interface Failures {
  /** Times of the attempts still inside the window (counted before the password is checked). */
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

/** Why a login is refused before its password is looked at: the lock's time left and whose. */
export interface Lock {
  ms: number;
  /** `user`: the username is locked; `address`: too many unknown usernames from the address. */
  by: "user" | "address";
}

function lockOf(
  u: Awaited<ReturnType<typeof read>>,
  a: Awaited<ReturnType<typeof read>> | null,
  now: number,
): Lock | null {
  const userLeft = (u.lockedUntil ?? 0) - now;
  if (userLeft > 0) return { ms: userLeft, by: "user" };
  if (a && a.at.length >= IP_FAILURES) {
    return { ms: a.at[a.at.length - IP_FAILURES] + WINDOW_MS - now, by: "address" };
  }
  return null;
}

/**
 * Whether logins for `username` are refused now: the username is locked (whether or not it
 * exists), or, for a username that does not exist (`exists` false), its address has guessed
 * too many unknown usernames. An address is never refused for accounts that exist: a ward
 * behind one address keeps logging in while one account is locked. Reads only.
 */
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

/**
 * Counts a login attempt before its password is checked, in one atomic commit with the lock
 * check: parallel guesses cannot all pass a check made before any of them is counted. The
 * attempt that reaches the limit sets the lock (`locks`); a success clears it all
 * (`clearFailures`), a failure leaves it counted. A conflict retries, so no attempt is lost.
 * Returns the lock when the login is refused instead.
 */
export async function reserveAttempt(
  store: Store,
  username: string,
  ip: string,
  exists: boolean,
): Promise<{ refused: Lock } | { refused: null; locks: boolean }> {
  for (;;) {
    const now = Date.now();
    const u = await read(store, userKey(username), now);
    const a = exists ? null : await read(store, ipKey(ip), now);
    const refused = lockOf(u, a, now);
    if (refused) return { refused };
    const at = [...u.at, now].slice(-USER_FAILURES);
    const locks = at.length >= USER_FAILURES;
    const op = store.kv.atomic().check(u.entry).set(
      userKey(username),
      {
        at,
        lockedUntil: locks ? now + WINDOW_MS : undefined,
      } satisfies Failures,
      { expireIn: 2 * WINDOW_MS },
    );
    if (a) {
      op.check(a.entry).set(ipKey(ip), { at: [...a.at, now].slice(-IP_FAILURES) }, {
        expireIn: 2 * WINDOW_MS,
      });
    }
    if ((await op.commit()).ok) return { refused: null, locks };
  }
}

/** Clears a username's attempts after a successful login or an admin's unlock. */
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
