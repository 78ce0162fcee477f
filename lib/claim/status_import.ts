import { AppError, badRequest } from "../errors.ts";
import type { Store } from "../db/store.ts";
import { tracked, type Tracker } from "../progress/progress.ts";
import { parseUpload } from "../resource/parse.ts";
import { templateXlsx } from "../resource/template_xlsx.ts";
import { type Claim, claimsOf, type ClaimStatus } from "./claim_store.ts";
import { importRefusal } from "../resource/importer.ts";
import { formatNumber } from "../format.ts";
import { excelDay } from "../hospital_time.ts";
import { transition } from "./status.ts";

/** The columns of the status file (the template's headers first, then accepted aliases). */
export const STATUS_COLUMNS = {
  sep: ["SEP", "NO_SEP"],
  status: ["STATUS"],
  reason: ["ALASAN"],
  amount: ["JUMLAH"],
  date: ["TANGGAL_BAYAR", "TANGGAL"],
} as const;

/** The template the Klaim page offers ("Unduh template"): the header row. */
export function statusTemplate(): Promise<Uint8Array<ArrayBuffer>> {
  return templateXlsx([Object.values(STATUS_COLUMNS).map((names) => names[0])]);
}

/** What a status file changed. */
export interface StatusImport {
  message: string;
  rows: number;
  unchanged: number;
  changed: { line: number; sep: string; from: ClaimStatus; to: ClaimStatus }[];
}

/** A day as Excel may give it: text, or a serial day number (1900 system, from 1927: 5 digits). */
const dayText = (v: string): string =>
  (/^\d{5}(\.\d+)?$/.test(v.trim()) && excelDay(v)) || v.trim();

/** Where each field's column is in the header row (-1: absent); 400 without SEP or status. */
function columnsOf(row: string[]): Record<keyof typeof STATUS_COLUMNS, number> {
  const headers = row.map((h) => h.trim().toUpperCase().replaceAll(" ", "_"));
  const col = Object.fromEntries(
    Object.entries(STATUS_COLUMNS).map(([f, names]) => [
      f,
      headers.findIndex((h) => (names as readonly string[]).includes(h)),
    ]),
  ) as Record<keyof typeof STATUS_COLUMNS, number>;
  const missing = (["sep", "status"] as const).filter((f) => col[f] < 0);
  if (missing.length) {
    throw badRequest(
      `Kolom wajib tidak ditemukan: ${missing.map((f) => STATUS_COLUMNS[f][0]).join(", ")}. ` +
        `Kolom berkas: ${row.join(", ") || "(kosong)"}. Pakai "Unduh template".`,
    );
  }
  return col;
}

/**
 * Changes claim statuses in bulk from an .xlsx keyed by SEP, each row a `transition`; an unknown
 * or repeated SEP or a change not allowed refuses the file naming the lines (400).
 */
export async function importStatuses(
  store: Store,
  file: { name: string; bytes: Uint8Array },
  by: string,
  now: Date,
  progress: Tracker,
): Promise<StatusImport> {
  return await tracked(progress, async () => {
    const ext = file.name.toLowerCase().split(".").pop();
    if (ext !== "xlsx") throw badRequest(`Berkas harus .xlsx (bukan .${ext}).`);
    const size = file.bytes.length; // the bytes are handed over to the parse
    progress.phase("Membaca berkas", size, "byte");
    const table = await parseUpload(file.bytes, "xlsx", 50_000);
    progress.step(size);
    const col = columnsOf(table.headers);
    const claims = claimsOf(store);
    const since = (await claims.kv.get(claims.verKey)).versionstamp;
    const index = await claims.index(true);
    const bySep = new Map(index.rows().map((r) => [r.value.sep.toUpperCase(), r.value]));

    progress.phase("Memeriksa baris", table.rows.length);
    const errors: string[] = [];
    const docs: Claim[] = [];
    const changed: StatusImport["changed"] = [];
    const seen = new Map<string, number>();
    let unchanged = 0;
    for (const [i, cells] of table.rows.entries()) {
      const line = i + 2;
      if (cells.every((c) => c.trim() === "")) continue;
      const get = (f: keyof typeof STATUS_COLUMNS) =>
        col[f] < 0 ? "" : (cells[col[f]] ?? "").trim();
      const sep = get("sep");
      const claim = bySep.get(sep.toUpperCase());
      if (!claim) {
        errors.push(
          sep
            ? `Baris ${line}: SEP "${sep}" tidak dikenal (belum ada klaimnya dari impor E-Klaim).`
            : `Baris ${line}: SEP kosong.`,
        );
        continue;
      }
      const first = seen.get(claim.sep);
      if (first) {
        errors.push(`Baris ${line}: SEP ${claim.sep} sudah ada di baris ${first}.`);
        continue;
      }
      seen.set(claim.sep, line);
      if (get("status").toLowerCase() === claim.status) {
        unchanged++;
        continue;
      }
      try {
        const { _id, ...cur } = claim;
        const input = {
          status: get("status"),
          reason: get("reason"),
          amount: get("amount"),
          date: dayText(get("date")),
        };
        const next = transition(cur, input, by, now);
        docs.push({ ...next, _id });
        changed.push({ line, sep: claim.sep, from: claim.status, to: next.status });
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        errors.push(`Baris ${line}: ${e.message}`);
      }
    }
    if (errors.length) throw importRefusal(errors);
    progress.phase("Menyimpan", docs.length);
    if (docs.length) {
      await claims.writeMany(docs, {
        since,
        onCommit: (n) => progress.step(n),
        what: "Impor status klaim",
      });
    }
    return {
      message: `Impor status klaim selesai: ${formatNumber(changed.length)} klaim diubah, ` +
        `${formatNumber(unchanged)} tidak berubah.`,
      rows: changed.length + unchanged,
      unchanged,
      changed,
    };
  });
}
