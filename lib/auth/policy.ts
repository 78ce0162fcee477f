import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

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

/** The lowest zxcvbn score accepted (0–4; 3: "safely unguessable", ~10^8 guesses and more). */
export const MIN_SCORE = 3;

/** Words of this app a guesser would try first (given to zxcvbn beside the username). */
const APP_WORDS = [
  "casemix",
  "rumah",
  "sakit",
  "rumahsakit",
  "rsud",
  "klinik",
  "inacbg",
  "bpjs",
  "klaim",
  "pasien",
  "rawat",
  "inap",
  "admin",
  "administrator",
  "petugas",
  "sehat",
];

let zxcvbn: ZxcvbnFactory | null = null;
/** zxcvbn-ts with its common dictionaries and keyboard layouts, built on first use (slow). */
const estimator = () =>
  zxcvbn ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });

/** The refusal of a guessable password: what is wrong, and what to do instead. */
export const WEAK_MESSAGE = "Password terlalu mudah ditebak (misalnya huruf atau pola yang " +
  "diulang, urutan keyboard, atau memuat username). Gunakan beberapa kata yang tidak saling " +
  "berhubungan, dipisah tanda minus atau spasi, atau tambahkan kata lain.";

/** Why a new password is refused (length, username, common, padded, repeated, zxcvbn), or null. */
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
  const inputs = username.trim() ? [username.trim().toLowerCase(), ...APP_WORDS] : APP_WORDS;
  if (estimator().check(password, inputs).score < MIN_SCORE) return WEAK_MESSAGE;
  return null;
}
