import { AppError, badRequest } from "../errors.ts";
import { refreshChildren, type Registry } from "./refs.ts";
import type { ResourceDef } from "./resource.ts";
import { IMPORT_LIMITS } from "./import_limits.ts";
import { parseUpload } from "./parse.ts";
import type { Upload } from "../http/upload.ts";
import { track, tracked, type Tracker } from "../progress/progress.ts";
import type { Store } from "../db/store.ts";
import { formatNumber } from "../format.ts";
import { checkRows, checkTally, type ColumnCount, loadStored } from "./import_rows.ts";
import { needed, ownHeaders, templateColumns } from "./template.ts";

/** How many row errors a message lists before it only counts the rest. */
const SHOWN_ERRORS = 20;

/** What an import did. */
export interface ImportResult {
  message: string;
  created: number;
  updated: number;
  unchanged: number;
  /** Per column of the file that updates touched: values changed and emptied. */
  columns: ColumnCount[];
  /** Rows imported with a warning (first few), e.g. tariffs off the official pattern. */
  warnings: string[];
  /** Data rows read from the file, and the blank ones passed over. */
  rows: number;
  skipped: number;
}

/** The headers a field's column may have, lowercased: name, aliases, the template's header. */
function acceptedHeaders(def: ResourceDef): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const key of Object.keys(def.schema.shape)) out[key] = ownHeaders(def, key);
  for (const { field, header } of templateColumns(def)) {
    const h = header.toLowerCase();
    if (out[field] && !out[field].includes(h)) out[field].push(h);
  }
  return out;
}

function rowErrors(errors: string[]): string {
  const shown = errors.slice(0, SHOWN_ERRORS).join("\n");
  const more = errors.length - SHOWN_ERRORS;
  return more > 0 ? `${shown}\n... dan ${formatNumber(more)} kesalahan lainnya.` : shown;
}

/** The 400 of an all-or-nothing import with row errors: their count and the first 20. */
export function importRefusal(errors: string[]): AppError {
  return badRequest(
    `Impor dibatalkan, tidak ada data yang disimpan. ${formatNumber(errors.length)} ` +
      `kesalahan:\n${rowErrors(errors)}`,
    errors.slice(0, SHOWN_ERRORS),
  );
}

/** The files every import takes, as said to the user. */
export const IMPORT_KINDS = ".xlsx atau CSV";

/** The file's table after the size, type and emptiness checks. */
async function readTable(def: ResourceDef, file: Upload, progress: Tracker) {
  const size = file.bytes.length; // the bytes are handed over to the parse
  if (size > IMPORT_LIMITS.bytes) {
    throw badRequest(`Berkas terlalu besar (maksimal ${IMPORT_LIMITS.bytes / 1024 / 1024} MB).`);
  }
  const ext = file.name.toLowerCase().split(".").pop();
  if (ext !== "csv" && ext !== "xlsx") {
    throw badRequest(`Berkas harus ${IMPORT_KINDS} (bukan .${ext}).`);
  }
  progress.phase("Membaca berkas", size, "byte");
  const table = await parseUpload(file.bytes, ext, def.import!.maxRows ?? 200_000);
  progress.step(size);
  progress.phase("Memeriksa baris", table.rows.length);
  if (!table.rows.length) throw badRequest("Berkas tidak berisi baris data.");
  return table;
}

/** Each field's column, and the required ones lacking (refused whole when the key needs them). */
function columnsOf(def: ResourceDef, headers: string[]) {
  const lower = headers.map((h) => h.toLowerCase());
  const colOf: Record<string, number> = {};
  const lacking: Record<string, string> = {};
  // named as the template heads them first ('Nama Depan/first_name/nama_depan')
  const headed = new Map(templateColumns(def).map((c) => [c.field, c.header]));
  for (const [field, names] of Object.entries(acceptedHeaders(def))) {
    const i = lower.findIndex((h) => names.includes(h));
    if (i >= 0) colOf[field] = i;
    else if (needed(def, field)) {
      const h = headed.get(field);
      lacking[field] = (h ? [h, ...names.filter((n) => n !== h.toLowerCase())] : names).join("/");
    }
  }
  const key = def.import!.key;
  const refused = key in def.schema.shape ? [lacking[key]] : Object.values(lacking);
  if (refused.some(Boolean)) {
    throw badRequest(
      `Kolom wajib tidak ditemukan: ${refused.filter(Boolean).join(", ")}. Kolom berkas: ${
        headers.join(", ") || "(kosong)"
      }.`,
    );
  }
  return { colOf, lacking };
}

/** Imports a CSV or .xlsx file all or nothing, upserting by the import key (its columns only). */
export async function importFile(
  store: Store,
  registry: Registry,
  def: ResourceDef,
  file: Upload,
  progress: Tracker = track(null, `Impor ${def.label}`),
): Promise<ImportResult> {
  return await tracked(progress, async () => {
    const table = await readTable(def, file, progress);
    const { colOf, lacking } = columnsOf(def, table.headers);
    const s = await loadStored(store, registry, def);
    const out = await checkRows(store, registry, def, s, table, colOf, progress, lacking);
    await checkTally(def, s, out);
    const { errors, warnings, docs, created, unchanged, skipped } = out;
    const columns = out.columns.filter((c) => c.changed || c.emptied)
      .map(({ column, changed, emptied }) => ({ column, changed, emptied }));
    if (errors.length) throw importRefusal(errors);
    progress.phase("Menyimpan", docs.length);
    await s.col.writeMany(docs, {
      onCommit: (n) => progress.step(n),
      since: s.since,
      guards: s.guards,
    });
    const updated = docs.length - created;
    // the copies embedded in children (a patient's name in its stays), as after a single edit
    const changed = docs.filter((d) => s.byKey.has(s.keyOf(d[def.import!.key])));
    await refreshChildren(store, registry, def, changed).catch((e) => {
      if (!(e instanceof AppError)) throw e;
      warnings.push(`Data terkait belum diperbarui: ${e.message}`);
    });
    const n = formatNumber;
    const warned = warnings.length
      ? `\nPeringatan (${n(warnings.length)} baris, tetap diimpor):\n${rowErrors(warnings)}`
      : "";
    return {
      message: `Impor ${def.label} berhasil: ${n(created)} baru, ${n(updated)} diperbarui, ` +
        `${n(unchanged)} tidak berubah` +
        (skipped ? `, ${n(skipped)} baris kosong dilewati.` : ".") +
        columns.map((c) =>
          `\nKolom ${c.column}: ${n(c.changed)} diubah, ${n(c.emptied)} dikosongkan.`
        ).join("") + warned,
      created,
      updated,
      unchanged,
      columns,
      warnings: warnings.slice(0, SHOWN_ERRORS),
      rows: table.rows.length,
      skipped,
    };
  });
}
