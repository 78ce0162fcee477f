import type { Tally } from "../index/doc.ts";

/** The role of an account: what its holder may do (see `Access`). */
export type Role = "admin" | "casemix" | "viewer";

/** Role names as the screens show them. */
export const ROLES: Record<Role, string> = {
  admin: "Administrator",
  casemix: "Petugas Casemix",
  viewer: "Pimpinan (lihat saja)",
};

/** What a route needs; `self` is served also before a printed first password is changed. */
export type Access = "public" | "self" | "read" | "work" | "admin";

const GRANTS: Record<Access, readonly Role[]> = {
  public: ["admin", "casemix", "viewer"],
  self: ["admin", "casemix", "viewer"],
  read: ["admin", "casemix", "viewer"],
  work: ["admin", "casemix"],
  admin: ["admin"],
};

/** True when `role` may use a route that needs `access`. */
export const allows = (role: Role, access: Access): boolean => GRANTS[access].includes(role);

/** The answer to a forbidden request (403). */
export const FORBIDDEN = "Anda tidak memiliki akses untuk tindakan ini.";

/** The role of a stored account; one made before roles: `admin` administrator, others casemix. */
export function roleOf(user: object): Role {
  const { role: r, username } = user as { role?: unknown; username?: unknown };
  if (r === "admin" || r === "casemix" || r === "viewer") return r;
  return String(username ?? "").toLowerCase() === "admin" ? "admin" : "casemix";
}

/** The answer to a write that would leave no administrator. */
export const LAST_ADMIN =
  "Harus ada minimal satu Administrator; akun ini tidak dapat diubah atau dihapus.";

/** The administrators, counted in the commit of every account write: races cannot leave none. */
export const ADMIN_TALLY: Tally = {
  key: ["_meta", "tally", "user", "admin"],
  of: (doc: object) => roleOf(doc) === "admin" ? 1 : 0,
  min: 1,
  message: LAST_ADMIN,
};
