import { createHash, randomBytes } from "node:crypto";
import type { Collection, CollectionSpec } from "../db/collection.ts";
import type { Doc } from "../index/index.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { passwordProblem } from "./policy.ts";
import { ADMIN_TALLY, type Role, roleOf } from "./roles.ts";
import type { Store } from "../db/store.ts";
import { ReadCache } from "../db/read_cache.ts";

/** A login account. `passwordHash` never leaves the server. */
export interface User extends Doc {
  fullname: string;
  email: string;
  phone: string;
  username: string;
  gender: string;
  passwordHash: string;
  /** Absent on accounts made before roles existed (see `roleOf`). */
  role?: Role;
  /** Bumped by a password or role change: sessions of an older generation end. */
  sessionGen?: number;
  /** A generated first password printed to the log: it must be changed before anything else. */
  mustChangePassword?: boolean;
  /** The NIK (16 digits) in E-Klaim's Personnel Registration, sent as the coder. */
  nik?: string;
}

/** The session a request carries, as the handlers see it. */
export interface Session {
  userId: string;
  username: string;
  fullname: string;
  hospitalCode: string;
  /** Set when login passed on the licence grace period (service unreachable): its end. */
  licenceGraceUntil?: number;
  /** The account's role now (read from the account on every request, never from the cookie). */
  role?: Role;
  /** The account's `sessionGen` when the session began. */
  gen?: number;
  /** The account's printed first password is still unchanged (read from the account, as `role`). */
  mustChangePassword?: boolean;
}

/** A session as stored: the session plus its limits. */
interface StoredSession extends Session {
  expiresAt: number;
  /** Last request seen (written at most once a minute; the exact time is kept in memory). */
  lastSeen?: number;
}

/** Session lifetime: one working shift and a half. */
export const SESSION_TTL_MS = 12 * 3600_000;
export const SESSION_COOKIE = "sid";

/** How user records are stored: username, email and E-Klaim NIK unique, case-insensitive. */
export const USER_SPEC = {
  name: "user",
  unique: ["username", "email", "nik"],
  search: ["fullname", "username", "email", "phone", "gender"],
  labels: { username: "Username", email: "Email", nik: "NIK" },
  normalize: (_f: string, v: unknown) => String(v ?? "").trim().toLowerCase(),
  tally: ADMIN_TALLY,
} satisfies CollectionSpec;

/** The users collection (the same one the user resource manages). */
export function users(store: Store): Collection<User> {
  return store.collection<User>(USER_SPEC);
}

/** The first account's e-mail: a placeholder the account form accepts, for the admin to replace. */
export const ADMIN_EMAIL = "admin@rumahsakit.local";
/** What earlier versions seeded, which the account form refuses (no dot in the domain). */
const OLD_ADMIN_EMAIL = "admin@localhost";

/** Creates the first account `admin`, returning a generated password; upgrades old ones. */
export async function ensureAdmin(
  store: Store,
  password?: string,
): Promise<{ created: boolean; password?: string }> {
  const col = users(store);
  const index = await col.index();
  if (index.size > 0) {
    const reseed = !(await col.idBy("email", ADMIN_EMAIL));
    const old = (u: User) => !u.role || (reseed && u.email === OLD_ADMIN_EMAIL);
    const legacy = index.rows().filter((r) => old(r.value)).map((r) => r.value);
    if (legacy.length) {
      await col.writeMany(legacy.map((u) => ({
        ...u,
        role: roleOf(u),
        email: reseed && u.email === OLD_ADMIN_EMAIL ? ADMIN_EMAIL : u.email,
      })));
    }
    return { created: false };
  }
  const weak = password && passwordProblem(password, "admin");
  if (weak) throw new Error(`ADMIN_PASSWORD ditolak: ${weak}`);
  const generated = !password;
  const pw = password ?? btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(9))))
    .replace(/[+/]/g, "x");
  await col.insert({
    fullname: "Administrator",
    email: ADMIN_EMAIL,
    phone: "",
    username: "admin",
    gender: "",
    role: "admin",
    passwordHash: await hashPassword(pw),
    ...(generated ? { mustChangePassword: true } : {}),
  });
  return { created: true, password: generated ? pw : undefined };
}

/** A session token's key (base64 SHA-256): node's hash is synchronous, far cheaper per request. */
const sha256 = (s: string) => createHash("sha256").update(s).digest("base64");

/** Checks credentials; returns the user or null. */
export async function authenticate(
  store: Store,
  username: string,
  password: string,
): Promise<User | null> {
  const col = users(store);
  const id = await col.idBy("username", username);
  const row = id ? await col.find(id) : null;
  if (!row) {
    await hashPassword(password); // same cost whether or not the user exists
    return null;
  }
  return await verifyPassword(password, row.value.passwordHash) ? row.value : null;
}

/** Starts a session of the account's current `sessionGen`; returns the cookie token (hash kept). */
export async function createSession(store: Store, session: Session): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const gen = session.gen ?? (await users(store).find(session.userId))?.value.sessionGen ?? 0;
  const now = Date.now();
  const { role: _role, ...kept } = session;
  await store.kv.set(
    ["session", sha256(token)],
    { ...kept, gen, expiresAt: now + SESSION_TTL_MS, lastSeen: now } satisfies StoredSession,
    { expireIn: SESSION_TTL_MS },
  );
  return token;
}

/** How often a session's last request is written to KV (it is kept exactly in memory). */
const SEEN_WRITE_MS = 60_000;

/** Each session's last request in this process: the stored `lastSeen` lags up to a minute. */
const lastRequest = new Map<string, number>();

/** Forgets last requests of sessions that are over anyway (at most 12 h old). */
function sweepLastRequests(now: number) {
  if (lastRequest.size < 1000) return;
  for (const [k, t] of lastRequest) if (now - t > SESSION_TTL_MS) lastRequest.delete(k);
}

/** How long a session read from KV is trusted (another process's logout shows this much later). */
const SESSION_READ_MS = 5_000;

/** Sessions read from each store, by key hash (`Date.now()` ages them, as the idle limit). */
const sessionReads = new ReadCache<StoredSession>(SESSION_READ_MS, () => Date.now());

/** The session of a cookie token (with the account's current role), or null when it is over. */
export async function readSession(
  store: Store,
  token: string | undefined,
  idleMs: number,
): Promise<Session | null> {
  if (!token || token.length > 100) return null;
  const id = sha256(token);
  const key = ["session", id];
  const now = Date.now();
  // most requests find their session in memory and run without waiting on the store
  const s = await sessionReads.get(
    store.kv,
    id,
    async () => (await store.kv.get<StoredSession>(key)).value,
  );
  const last = Math.max(s?.lastSeen ?? now, lastRequest.get(id) ?? 0);
  if (!s || s.expiresAt <= now || now - last >= idleMs) {
    lastRequest.delete(id);
    return null;
  }
  const user = (await users(store).index()).get(s.userId)?.value;
  if (!user || (s.gen ?? 0) !== (user.sessionGen ?? 0)) return null;
  lastRequest.set(id, now);
  if (now - (s.lastSeen ?? 0) >= SEEN_WRITE_MS) {
    sweepLastRequests(now);
    const seen = { ...s, lastSeen: now };
    await store.kv.set(key, seen, { expireIn: s.expiresAt - now });
    sessionReads.wrote(store.kv, id, seen);
  }
  return { ...s, role: roleOf(user), mustChangePassword: user.mustChangePassword === true };
}

/** Moves `keepToken`'s session to generation `gen` (the caller's write bumps `sessionGen`). */
export async function keepOnlySession(
  store: Store,
  gen: number,
  keepToken: string | undefined,
): Promise<void> {
  if (!keepToken) return;
  const id = sha256(keepToken), key = ["session", id];
  const s = await store.kv.get<StoredSession>(key);
  if (!s.value) return;
  const kept = { ...s.value, gen };
  await store.kv.set(key, kept, { expireIn: Math.max(1000, s.value.expiresAt - Date.now()) });
  sessionReads.wrote(store.kv, id, kept);
}

/** Ends a session. */
export async function endSession(store: Store, token: string | undefined): Promise<void> {
  if (!token) return;
  lastRequest.delete(sha256(token));
  sessionReads.wrote(store.kv, sha256(token), null);
  await store.kv.delete(["session", sha256(token)]);
}
