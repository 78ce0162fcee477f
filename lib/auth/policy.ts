import { dictionary } from "@zxcvbn-ts/language-common";

/** Shortest and longest password accepted. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

let common: Set<string> | null = null;
/** The 10,000 most common passwords (zxcvbn-ts' frequency list), lowercased, loaded once. */
function commonPasswords(): Set<string> {
  return common ??= new Set(
    (dictionary["passwords-common"] as string[]).slice(0, 10_000).map((p) => p.toLowerCase()),
  );
}

/**
 * Why a new password is refused, or null when it is acceptable: 12 to 128 characters, not
 * the username, not one of the 10,000 most common passwords (also with digits or symbols added
 * before or after, or repeated: `password1234`, `qwertyqwerty`). Existing hashes are not checked.
 */
export function passwordProblem(password: string, username = ""): string | null {
  if (password.length < PASSWORD_MIN) return `Password minimal ${PASSWORD_MIN} karakter.`;
  if (password.length > PASSWORD_MAX) return `Password paling banyak ${PASSWORD_MAX} karakter.`;
  const lower = password.toLowerCase();
  if (username && lower === username.trim().toLowerCase()) {
    return "Password tidak boleh sama dengan username.";
  }
  const core = lower.replace(/[\d\W_]+$/, "").replace(/^[\d\W_]+/, "");
  const unit = /^(.+?)\1+$/.exec(lower)?.[1];
  if (!core || [lower, core, unit].some((p) => p && commonPasswords().has(p))) {
    return "Password ini terlalu umum dipakai; pilih password lain.";
  }
  return null;
}
