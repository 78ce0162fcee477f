/** The backup screen's confirmations, each naming the backup it acts on. */
import { confirmDelete, confirmDialog } from "../ui/Dialog.tsx";
import { formatBytes, formatDateTime } from "../../lib/format.ts";
import { alertError } from "../ui/api.ts";

/** The first line of a backup file (lib/backup/format.ts `MAGIC`), then its header's JSON. */
const MAGIC = "CASEMIX-KV-BACKUP\n";
const HEADER_BYTES = 4096;
const REFUSED = "Berkas cadangan ditolak: bukan berkas cadangan Casemix RS.";

/** A backup as its confirmations name it: '"Awal" · dibuat 24-11-2026 10:00'. */
const backupRecord = (b: { name?: unknown; created?: unknown }) =>
  `"${String(b.name ?? "")}" · dibuat ${formatDateTime(b.created)}`;

/** What a picked file's header says it is, or null when it does not look like a backup. */
async function headerOf(file: File): Promise<{ name: string; created: string } | null> {
  try {
    const text = await file.slice(0, HEADER_BYTES).text();
    if (!text.startsWith(MAGIC)) return null;
    const h = JSON.parse(text.slice(MAGIC.length).trimEnd());
    return typeof h?.name === "string" ? { name: h.name, created: String(h.created) } : null;
  } catch {
    return null;
  }
}

/** Asks before the database is replaced by `what` (named by `record`). */
const confirmReplace = (what: string, record: string) =>
  confirmDialog({
    title: "Are you sure?",
    text: `Seluruh basis data akan diganti dengan ${what}.\n` +
      "Keadaan sekarang dicadangkan otomatis lebih dulu.",
    record,
    confirmText: "Yes, restore it!",
    danger: true,
  });

export const confirmRestore = (b: { name?: unknown; created?: unknown }) =>
  confirmReplace("cadangan ini", backupRecord(b));

/** Restoring from a picked file: refused at once when over `max` bytes or not a backup. */
export async function confirmUpload(file: File, max: number): Promise<boolean> {
  const h = await headerOf(file);
  if (!h || file.size > max) {
    const why = h ? `Berkas cadangan terlalu besar (paling besar ${formatBytes(max)}).` : REFUSED;
    await alertError(new Error(`${why} Basis data tidak diubah.`), "message");
    return false;
  }
  const record = `Berkas ${file.name} (${formatBytes(file.size)})\n${backupRecord(h)}`;
  return confirmReplace("isi berkas ini", record);
}

/** Deleting a listed backup (the spec's delete confirmation). */
export const confirmBackupDelete = (b: { name?: unknown; created?: unknown }) =>
  confirmDelete(undefined, backupRecord(b));
