import { badRequest, notFound } from "../errors.ts";
import { keepOnlySession, users } from "./auth.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { passwordProblem } from "./policy.ts";
import type { Store } from "../db/store.ts";

/** The page where one changes one's own password. */
export const PASSWORD_PAGE = "/akun/password";

/** The login page. */
export const LOGIN_PAGE = "/auth/login";

/** Where a login goes afterwards: `?next=` if a path of this app (≤ 500 characters), else `/`. */
export function safeNext(next: string | null | undefined): string {
  const v = next ?? "";
  return /^\/(?![/\\])[^\\\s]*$/.test(v) && v.length <= 500 && !v.startsWith(LOGIN_PAGE) ? v : "/";
}

/** The login page, coming back to `path` (a page of the app) once signed in. */
export const loginAfter = (path: string): string =>
  safeNext(path) === "/" ? LOGIN_PAGE : `${LOGIN_PAGE}?next=${encodeURIComponent(path)}`;

/** The refusal of anything else while a printed first password is unchanged. */
export const CHANGE_FIRST =
  "Ganti password awal Anda terlebih dahulu: password itu tercetak di log layanan.";

/** Changes one's own password, ending every other session than `keepToken`'s. */
export async function changeOwnPassword(
  store: Store,
  userId: string,
  oldPassword: string,
  newPassword: string,
  keepToken: string | undefined,
): Promise<void> {
  const col = users(store);
  const row = await col.find(userId);
  if (!row) throw notFound("Akun tidak ditemukan.");
  if (!oldPassword || !(await verifyPassword(oldPassword, row.value.passwordHash))) {
    throw badRequest("Password sekarang salah.");
  }
  const weak = passwordProblem(newPassword, row.value.username);
  if (weak) throw badRequest(weak);
  if (await verifyPassword(newPassword, row.value.passwordHash)) {
    throw badRequest("Password baru harus berbeda dari password sekarang.");
  }
  const passwordHash = await hashPassword(newPassword);
  const gen = (row.value.sessionGen ?? 0) + 1;
  await col.update(userId, (old) => {
    const { mustChangePassword: _, ...rest } = old;
    return { ...rest, passwordHash, sessionGen: gen };
  }, { expected: row.versionstamp });
  await keepOnlySession(store, gen, keepToken);
}

/** Sets one's own E-Klaim NIK (checked by the caller; '' clears; 409 if taken): before, after. */
export async function setOwnNik(
  store: Store,
  userId: string,
  nik: string,
): Promise<{ before: string; after: string }> {
  const col = users(store);
  const row = await col.find(userId);
  if (!row) throw notFound("Akun tidak ditemukan.");
  const before = row.value.nik ?? "";
  if (before !== nik) {
    await col.update(userId, (old) => ({ ...old, nik }), {
      expected: row.versionstamp,
    });
  }
  return { before, after: nik };
}
