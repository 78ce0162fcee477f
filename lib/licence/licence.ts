import type { Config } from "../config.ts";
import { AppError, badGateway, conflict, unavailable, unprocessable } from "../errors.ts";
import {
  fetchLicence,
  isActive,
  type LicenceAnswer,
  LicenceServiceError,
  LicenceUnreachable,
  parseHospitalCode,
} from "./client.ts";
import {
  deleteLicence,
  everValidated,
  licenceEntry,
  type LicenceRecord,
  readLicence,
  replaceLicence,
  sameCode,
} from "./record.ts";
import type { Store } from "../db/store.ts";

/** 503 when no licence service is configured at all. */
export const NOT_CONFIGURED_MESSAGE = "Layanan lisensi belum diatur (LICENCE_URL).";
/** 503 when the licence service cannot be reached. */
export const UNREACHABLE_MESSAGE =
  "Layanan lisensi tidak dapat dihubungi. Periksa koneksi internet server lalu coba lagi.";
/** 502 when the licence service answers with something unusable. */
export const INVALID_ANSWER_MESSAGE =
  "Layanan lisensi memberi jawaban yang tidak valid. Silakan coba lagi nanti.";

/** Asks the configured service about a parsed `code`: 503 unreachable or unset, 502 unusable. */
export async function lookupLicence(config: Config, code: string): Promise<LicenceAnswer> {
  if (!config.licenceUrl) throw unavailable(NOT_CONFIGURED_MESSAGE);
  try {
    return await fetchLicence(config.licenceUrl, code, config.licenceTimeoutMs);
  } catch (e) {
    if (e instanceof LicenceUnreachable) throw unavailable(UNREACHABLE_MESSAGE);
    if (e instanceof LicenceServiceError) throw badGateway(INVALID_ANSWER_MESSAGE);
    throw e;
  }
}

/** The 403 of a validation that needs an administrator, saying how to give one. */
const HOW_ADMIN = "login sebagai administrator, atau isi username dan password administrator " +
  "pada formulir validasi.";

/** Who may validate `code`: `open` the first time and for the stored code, else `admin`. */
export async function validationNeeds(store: Store, code: string): Promise<"open" | "admin"> {
  const prev = await readLicence(store);
  if (prev) return sameCode(prev.hospitalCode, code) ? "open" : "admin";
  return await everValidated(store) ? "admin" : "open";
}

/**
 * Validates this server's licence: fetched for `rawCode` by the server, stored when active. 400
 * bad code, 422 no active licence, 403 when `validationNeeds` an administrator and not
 * `mayReplace`, 409 changed meanwhile; `changed` false when already stored.
 */
export async function validateLicence(
  store: Store,
  config: Config,
  rawCode: unknown,
  opts: { mayReplace: boolean },
): Promise<{ rec: LicenceRecord; changed: boolean }> {
  const code = parseHospitalCode(rawCode);
  const entry = await licenceEntry(store);
  const prev = entry.value;
  if (!opts.mayReplace && await validationNeeds(store, code) === "admin") {
    throw new AppError(
      403,
      prev
        ? `Server ini sudah tervalidasi untuk Kode Rumah Sakit ${prev.hospitalCode}. ` +
          `Untuk menggantinya dengan kode lain, ${HOW_ADMIN}`
        : `Lisensi server ini sudah dihapus. Untuk memvalidasi ulang, ${HOW_ADMIN}`,
    );
  }
  const answer = await lookupLicence(config, code);
  if (!answer.data.length) {
    throw unprocessable(answer.message || "Lisensi untuk Kode Rumah Sakit ini tidak ditemukan.");
  }
  if (!isActive(answer)) {
    throw unprocessable(`Lisensi untuk Kode Rumah Sakit ${code} tidak aktif.`);
  }
  const lisensi = answer.data[0].lisensi;
  const same = prev && sameCode(prev.hospitalCode, code);
  if (same && prev.lisensi === lisensi) return { rec: prev, changed: false };
  const now = Date.now();
  const rec: LicenceRecord = {
    hospitalCode: same ? prev.hospitalCode : code,
    lisensi,
    validatedAt: same ? prev.validatedAt : now,
    verifiedAt: now,
  };
  if (!await replaceLicence(store, entry, rec)) {
    throw conflict("Lisensi baru saja diubah dari tempat lain. Muat ulang halaman lalu coba lagi.");
  }
  return { rec, changed: true };
}

/** Removes the stored licence once the service says it is inactive (409 while active). */
export async function deactivateLicence(store: Store, config: Config): Promise<string> {
  const rec = await readLicence(store);
  if (!rec) return "Tidak ada data lisensi yang tersimpan.";
  if (isActive(await lookupLicence(config, rec.hospitalCode))) {
    throw conflict("Lisensi masih aktif menurut layanan lisensi; data lisensi tidak dihapus.");
  }
  await deleteLicence(store, rec.hospitalCode);
  return "Data lisensi dihapus. Silakan validasi ulang lisensi.";
}
