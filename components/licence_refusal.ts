import { alertDialog } from "./ui/Dialog.tsx";
import { alertError } from "./ui/api.ts";

/** A login refused by the licence check, as `POST /auth/login` answers it. */
export interface LicenceRefused {
  licence: "missing" | "mismatch" | "inactive" | "offline" | "error";
  message: string;
  detail?: string;
}

const lines = (...parts: (string | undefined)[]) => parts.filter(Boolean).join("\n");

/** What to do about a licence the service no longer reports active. */
const INACTIVE_HELP =
  "Hubungi penyedia lisensi untuk mengaktifkannya kembali. Untuk memakai Kode Rumah Sakit lain, " +
  "administrator menggantinya di halaman Validasi Lisensi dengan username dan password " +
  "administrator.";

/** Tells the user why the licence check refused the login (a missing licence: to validation). */
export async function onLicenceRefused(r: LicenceRefused): Promise<void> {
  if (r.licence === "inactive") {
    // the licence stays on the server: only an administrator may remove or replace it
    await alertDialog("Lisensi tidak aktif", lines(r.message, INACTIVE_HELP), "info");
  } else if (r.licence === "offline") {
    await alertDialog("Peringatan", lines(r.message, r.detail), "warning");
  } else if (r.licence === "missing") {
    await alertDialog("Lisensi belum divalidasi", r.message, "info");
    location.href = "/validation";
  } else {
    await alertError(lines(r.message, r.detail), "message");
  }
}
