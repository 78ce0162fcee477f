import { formatDateTime } from "../format.ts";
import { zoneLabel } from "../hospital_time.ts";
import type { Config } from "../config.ts";
import {
  fetchLicence,
  isActive,
  type LicenceAnswer,
  LicenceServiceError,
  LicenceUnreachable,
} from "./client.ts";
import { NOT_CONFIGURED_MESSAGE } from "./licence.ts";
import { type LicenceRecord, readLicence, sameCode, saveLicence } from "./record.ts";
import type { Store } from "../db/store.ts";

/** Why a login was refused by the licence check (the login form reacts to each). */
export type LicenceRefusal = "missing" | "mismatch" | "inactive" | "offline" | "error";

/** The licence check's answer: proceed (maybe in grace mode), or a refusal with its reason. */
export type LicenceVerdict =
  | { ok: true; graceUntil?: number }
  | { ok: false; reason: LicenceRefusal; message: string; detail?: string };

/** The seam `POST /auth/login` goes through before checking the password. */
export interface LicenceGate {
  check(hospitalCode: string, store: Store): Promise<LicenceVerdict>;
  /** When present and true, the login page sends the visitor to `/validation` first. */
  unvalidated?(store: Store): Promise<boolean>;
}

export const OFFLINE_MESSAGE =
  "Tidak ada koneksi internet. Silakan periksa jaringan Anda dan coba lagi.";
export const CHECK_FAILED_MESSAGE = "Terjadi kesalahan saat memeriksa lisensi.";
export const MISSING_MESSAGE =
  "Lisensi belum divalidasi di server ini. Silakan validasi lisensi terlebih dahulu.";
export const MISMATCH_MESSAGE =
  "Kode Rumah Sakit tidak sesuai dengan lisensi yang tervalidasi di server ini.";

const DAY = 86_400_000;

/** The banner shown while working on a licence that could not be re-verified. */
export const graceNotice = (until: number) =>
  "Layanan lisensi tidak dapat dihubungi. Aplikasi berjalan dalam masa tenggang lisensi " +
  `sampai ${
    formatDateTime(until)
  } ${zoneLabel()}; sambungkan server ke internet sebelum waktu itu.`;

/** The verdict when the service gave no usable answer: grace if recent enough, else refusal. */
function withoutService(config: Config, rec: LicenceRecord, offline: boolean): LicenceVerdict {
  const days = config.licenceGraceDays;
  const graceUntil = rec.verifiedAt + days * DAY;
  if (days > 0 && Date.now() <= graceUntil) return { ok: true, graceUntil };
  return {
    ok: false,
    reason: offline ? "offline" : "error",
    message: offline ? OFFLINE_MESSAGE : CHECK_FAILED_MESSAGE,
    detail: days > 0
      ? `Masa tenggang lisensi (${days} hari sejak verifikasi terakhir ` +
        `${formatDateTime(rec.verifiedAt)} ${zoneLabel()}) sudah berakhir.`
      : undefined,
  };
}

/** Accepts every code: only for tests and tools that are not about licensing. */
export const allowAnyLicence: LicenceGate = { check: () => Promise.resolve({ ok: true }) };

/** The real check: the code validated here and active, else within `licenceGraceDays` offline. */
export function serviceGate(config: Config): LicenceGate {
  return {
    unvalidated: async (store) => !(await readLicence(store)),
    async check(hospitalCode, store) {
      const rec = await readLicence(store);
      if (!rec) return { ok: false, reason: "missing", message: MISSING_MESSAGE };
      if (!sameCode(rec.hospitalCode, hospitalCode)) {
        return { ok: false, reason: "mismatch", message: MISMATCH_MESSAGE };
      }
      if (!config.licenceUrl) {
        return { ok: false, reason: "error", message: NOT_CONFIGURED_MESSAGE };
      }
      let answer: LicenceAnswer;
      try {
        answer = await fetchLicence(config.licenceUrl, rec.hospitalCode, config.licenceTimeoutMs);
      } catch (e) {
        if (!(e instanceof LicenceUnreachable || e instanceof LicenceServiceError)) throw e;
        return withoutService(config, rec, e instanceof LicenceUnreachable);
      }
      if (!isActive(answer)) {
        return { ok: false, reason: "inactive", message: answer.message || "Lisensi tidak aktif." };
      }
      await saveLicence(store, { ...rec, lisensi: answer.data[0].lisensi, verifiedAt: Date.now() });
      return { ok: true };
    },
  };
}
