import { alertDialog } from "./ui/Dialog.tsx";

/** A login refused by the licence check, as `POST /auth/login` answers it. */
export interface LicenceRefused {
  licence: "missing" | "mismatch" | "inactive" | "offline" | "error";
  message: string;
  detail?: string;
}

const lines = (...parts: (string | undefined)[]) => parts.filter(Boolean).join("\n");

/** Removes the stored licence on the server; returns an error text when that failed. */
async function deactivate(): Promise<{ error?: string; message?: string }> {
  try {
    const res = await fetch("/validation/deactived", { method: "DELETE" });
    const body = await res.json().catch(() => null);
    if (!res.ok) return { error: body?.message || `HTTP ${res.status}` };
    return { message: body?.message };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

/**
 * Tells the user why the licence check refused the login: an inactive licence is removed
 * from the server (info, then reload), offline is a warning, a missing licence leads to the
 * validation page, anything else is an error.
 */
export async function onLicenceRefused(r: LicenceRefused): Promise<void> {
  if (r.licence === "inactive") {
    const done = await deactivate();
    if (done.error) {
      await alertDialog("Error!", `Terjadi kesalahan saat menghapus data: ${done.error}`, "error");
      return;
    }
    await alertDialog("Lisensi tidak aktif", lines(r.message, done.message), "info");
    location.reload();
  } else if (r.licence === "offline") {
    await alertDialog("Peringatan", lines(r.message, r.detail), "warning");
  } else if (r.licence === "missing") {
    await alertDialog("Lisensi belum divalidasi", r.message, "info");
    location.href = "/validation";
  } else {
    await alertDialog("Error!", lines(r.message, r.detail), "error");
  }
}
