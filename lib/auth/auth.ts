import type { Collection, CollectionSpec } from "../db/collection.ts";
import type { Doc } from "../db/mem_index.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import type { Store } from "../db/store.ts";

/** A login account. `passwordHash` never leaves the server. */
export interface User extends Doc {
  fullname: string;
  email: string;
  phone: string;
  username: string;
  gender: string;
  passwordHash: string;
}

/** The session a request carries, as the handlers see it. */
export interface Session {
  userId: string;
  username: string;
  fullname: string;
  hospitalCode: string;
  /** Set when login passed on the licence grace period (service unreachable): its end. */
  licenceGraceUntil?: number;
}

/** Session lifetime: one working shift and a half. */
export const SESSION_TTL_MS = 12 * 3600_000;
export const SESSION_COOKIE = "sid";

/** How user records are stored: username and email unique, case-insensitive. */
export const USER_SPEC = {
  name: "user",
  unique: ["username", "email"],
  search: ["fullname", "username", "email", "phone", "gender"],
  labels: { username: "Username", email: "Email" },
  normalize: (_f: string, v: unknown) => String(v ?? "").trim().toLowerCase(),
} satisfies CollectionSpec;

/** The users collection (the same one the user resource manages). */
export function users(store: Store): Collection<User> {
  return store.collection<User>(USER_SPEC);
}

/**
 * Creates the first account (`admin`) when there is none. Returns the password when it was
 * generated here, so the caller can print it once.
 */
export async function ensureAdmin(
  store: Store,
  password?: string,
): Promise<{ created: boolean; password?: string }> {
  const col = users(store);
  if ((await col.index()).size > 0) return { created: false };
  const generated = !password;
  const pw = password ?? btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(9))))
    .replace(/[+/]/g, "x");
  await col.insert({
    fullname: "Administrator",
    email: "admin@localhost",
    phone: "",
    username: "admin",
    gender: "",
    passwordHash: await hashPassword(pw),
  });
  return { created: true, password: generated ? pw : undefined };
}

const sha256 = async (s: string) =>
  btoa(String.fromCharCode(
    ...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(s))),
  ));

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

/** Starts a session; returns the token for the cookie (only its hash is stored). */
export async function createSession(store: Store, session: Session): Promise<string> {
  const token = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    .replace(/[+/=]/g, (c) => c === "+" ? "-" : c === "/" ? "_" : "");
  await store.kv.set(
    ["session", await sha256(token)],
    { ...session, expiresAt: Date.now() + SESSION_TTL_MS },
    { expireIn: SESSION_TTL_MS },
  );
  return token;
}

/** The session for a cookie token, or null (KV may keep an expired key for a while). */
export async function readSession(
  store: Store,
  token: string | undefined,
): Promise<Session | null> {
  if (!token || token.length > 100) return null;
  const s = (await store.kv.get<Session & { expiresAt: number }>(["session", await sha256(token)]))
    .value;
  if (!s || s.expiresAt <= Date.now()) return null;
  return (await users(store).index()).get(s.userId) ? s : null;
}

/** Ends a session. */
export async function endSession(store: Store, token: string | undefined): Promise<void> {
  if (token) await store.kv.delete(["session", await sha256(token)]);
}
