import type { z } from "zod";
import { AppError, badRequest } from "../errors.ts";
import { newId } from "../db/ids.ts";
import type { Doc } from "../index/index.ts";
import { embed, refreshChildren, type Registry } from "./refs.ts";
import type { Check } from "../db/collection.ts";
import { tallyNow } from "../db/tally.ts";
import { collectionOf, labelsOf, type ResourceDef } from "./resource.ts";
import { IMPORT_LIMITS } from "./spreadsheet.ts";
import { parseUpload } from "./parse.ts";
import { track, type Tracker } from "../progress/progress.ts";
import type { Store } from "../db/store.ts";
import { issues } from "./validate.ts";

/** How many row errors a message lists before it only counts the rest. */
const SHOWN_ERRORS = 20;

/** What an import did. */
export interface ImportResult {
  message: string;
  created: number;
  updated: number;
  unchanged: number;
  /** Rows imported with a warning (first few), e.g. tariffs off the official pattern. */
  warnings: string[];
  /** Data rows read from the file. */
  rows: number;
  /** Blank rows passed over. */
  skipped: number;
}

/** The column headers an import accepts for each field (own name first, then aliases). */
export function acceptedHeaders(def: ResourceDef): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const key of Object.keys(def.schema.shape)) {
    out[key] = [key, ...(def.import?.aliases?.[key] ?? [])].map((h) => h.toLowerCase());
  }
  return out;
}

function rowErrors(errors: string[]): string {
  const shown = errors.slice(0, SHOWN_ERRORS).join("\n");
  const more = errors.length - SHOWN_ERRORS;
  return more > 0 ? `${shown}\n... dan ${more.toLocaleString("id-ID")} kesalahan lainnya.` : shown;
}

/**
 * Imports a CSV or .xlsx file into a resource: headers matched case-insensitively to field
 * names or aliases, parents named by their code (or `importBy` field), every row validated
 * first. Any invalid row means nothing is written; valid files upsert by the import key, so
 * re-importing is safe.
 */
export async function importFile(
  store: Store,
  registry: Registry,
  def: ResourceDef,
  file: File,
  progress: Tracker = track(null, `Impor ${def.label}`),
): Promise<ImportResult> {
  try {
    const res = await importRows(store, registry, def, file, progress);
    progress.finish(res.message);
    return res;
  } catch (e) {
    progress.fail(e instanceof AppError ? e.message : "Impor gagal.");
    throw e;
  }
}

async function importRows(
  store: Store,
  registry: Registry,
  def: ResourceDef,
  file: File,
  progress: Tracker,
): Promise<ImportResult> {
  const spec = def.import!;
  const kind = spec.format === "csv" ? "CSV" : ".xlsx";
  if (file.size > IMPORT_LIMITS.bytes) {
    throw badRequest(`Berkas terlalu besar (maksimal ${IMPORT_LIMITS.bytes / 1024 / 1024} MB).`);
  }
  const ext = file.name.toLowerCase().split(".").pop();
  if (ext !== spec.format) throw badRequest(`Berkas harus ${kind} (bukan .${ext}).`);
  progress.phase("Membaca berkas", file.size, "byte");
  const table = await parseUpload(
    new Uint8Array(await file.arrayBuffer()),
    spec.format,
    spec.maxRows ?? 200_000,
  );
  progress.step(file.size);
  progress.phase("Memeriksa baris", table.rows.length);
  if (!table.rows.length) throw badRequest("Berkas tidak berisi baris data.");

  const headers = table.headers.map((h) => h.toLowerCase());
  const accepted = acceptedHeaders(def);
  const colOf: Record<string, number> = {};
  const missing: string[] = [];
  for (const [field, names] of Object.entries(accepted)) {
    const i = headers.findIndex((h) => names.includes(h));
    if (i >= 0) colOf[field] = i;
    else if (
      !spec.derived?.includes(field) &&
      !(def.schema.shape[field] as z.ZodType).safeParse(undefined).success
    ) {
      missing.push(names.join("/"));
    }
  }
  if (missing.length) {
    throw badRequest(
      `Kolom wajib tidak ditemukan: ${missing.join(", ")}. Kolom berkas: ${
        table.headers.join(", ") || "(kosong)"
      }.`,
    );
  }

  const col = collectionOf(store, def);
  // the counters before the indexes the rows are checked against: a write after fails the import
  const since = (await col.kv.get(col.verKey)).versionstamp;
  const index = await col.index();
  // the import key is matched as its unique index keys it (e.g. usernames case-insensitive)
  const keyOf = (v: unknown) => col.norm(spec.key, v);
  const byKey = new Map<string, Doc>();
  for (const r of index.rows()) byKey.set(keyOf(r.value[spec.key]), r.value);
  const others = (def.unique ?? []).filter((f) => f !== spec.key);
  const taken = new Map(others.map((f) => [f, new Map<string, string>()]));
  for (const r of index.rows()) {
    for (const f of others) {
      taken.get(f)!.set(col.norm(f, r.value[f]), r.value._id);
    }
  }
  // parents by the field rows name them with, matched as the parent's unique index does
  const parents = new Map<string, { find: (v: string) => Doc | undefined; by: string }>();
  const guards: Check[] = [];
  for (const ref of def.refs ?? []) {
    const pdef = registry.get(ref.resource)!;
    const by = ref.importBy ?? pdef.import?.key ?? "kode";
    const pcol = collectionOf(store, pdef);
    if (!guards.some((g) => g.key.join() === pcol.verKey.join())) {
      guards.push({ key: pcol.verKey, versionstamp: (await col.kv.get(pcol.verKey)).versionstamp });
    }
    const m = new Map<string, Doc>();
    for (const r of (await pcol.index()).rows()) m.set(pcol.norm(by, r.value[by]), r.value);
    const label = (labelsOf(pdef)[by] ?? by).toLowerCase();
    parents.set(ref.input, { find: (v) => m.get(pcol.norm(by, v)), by: label });
  }

  const errors: string[] = [];
  const warnings: string[] = [];
  const docs: Doc[] = [];
  const lines: number[] = [];
  const seen = new Map<string, number>();
  let created = 0, unchanged = 0, skipped = 0;
  for (const [i, cells] of table.rows.entries()) {
    const line = i + 2;
    if ((i & 1023) === 0) progress.step(i);
    if (cells.every((c) => c.trim() === "")) {
      skipped++;
      continue;
    }
    let input: Record<string, unknown> = {};
    for (const [field, c] of Object.entries(colOf)) input[field] = cells[c] ?? "";
    if (spec.transform) input = spec.transform(input);
    const refDocs: Record<string, unknown> = {};
    for (const ref of def.refs ?? []) {
      const code = String(input[ref.input] ?? "").trim();
      if (!code) continue;
      const { find, by } = parents.get(ref.input)!;
      const parent = find(code);
      if (!parent) {
        errors.push(`Baris ${line}: ${ref.label} dengan ${by} "${code}" tidak ditemukan.`);
        input[ref.input] = "?";
      } else refDocs[ref.field] = embed(ref, parent);
    }
    const parsed = def.schema.safeParse(input);
    if (!parsed.success) {
      for (const m of issues(parsed.error)) errors.push(`Baris ${line}: ${m}`);
      continue;
    }
    let doc: Record<string, unknown> = { ...parsed.data };
    for (const ref of def.refs ?? []) {
      delete doc[ref.input]; // may be the same name as the stored field (room.classroom)
      doc[ref.field] = refDocs[ref.field] ?? null;
    }
    if (def.prepare) {
      try {
        const given = doc[spec.key];
        const valid = doc;
        doc = await def.prepare(valid, { store, registry, old: byKey.get(keyOf(given ?? "")) });
        // a key the hook derives (fullname, `_key`): run it again knowing the stored record
        const derived = given == null ? byKey.get(keyOf(doc[spec.key])) : undefined;
        if (derived) doc = await def.prepare(valid, { store, registry, old: derived });
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        errors.push(`Baris ${line}: ${e.message}`);
        continue;
      }
    }
    const key = keyOf(doc[spec.key]);
    const first = seen.get(key);
    if (first) {
      const name = labelsOf(def)[spec.key] ?? spec.key;
      errors.push(
        `Baris ${line}: ${name} "${String(doc[spec.key]).trim()}" sudah ada di baris ${first}.`,
      );
      continue;
    }
    seen.set(key, line);
    const old = byKey.get(key);
    const full = { ...old, ...doc, _id: old?._id ?? newId() } as Doc;
    const clash = others.find((f) => {
      const v = full[f] == null || full[f] === "" ? "" : col.norm(f, full[f]);
      const owner = taken.get(f)!.get(v);
      if (v && owner && owner !== full._id) return true;
      if (v) taken.get(f)!.set(v, full._id);
      return false;
    });
    if (clash) {
      const name = labelsOf(def)[clash] ?? clash;
      errors.push(`Baris ${line}: ${name} "${full[clash]}" sudah digunakan.`);
      continue;
    }
    const warning = spec.warn?.(full);
    if (warning) warnings.push(`Baris ${line}: ${warning}`);
    if (!old) created++;
    else if (JSON.stringify(full) === JSON.stringify(old)) {
      unchanged++;
      continue;
    }
    docs.push(full);
    lines.push(line);
  }
  const tally = col.spec.tally;
  if (tally && !errors.length) {
    // name the row that takes the count below its minimum (the commits check it atomically)
    const delta = (d: Doc) => {
      const old = byKey.get(keyOf(d[spec.key]));
      return tally.of(d) - (old ? tally.of(old) : 0);
    };
    let n = (await tallyNow(col, since)).n;
    if (n + docs.reduce((a, d) => a + delta(d), 0) < tally.min) {
      const i = docs.findIndex((d) => (n += delta(d)) < tally.min);
      errors.push(`Baris ${lines[Math.max(0, i)]}: ${tally.message}`);
    }
  }
  if (errors.length) {
    throw badRequest(
      `Impor dibatalkan, tidak ada data yang disimpan. ${errors.length.toLocaleString("id-ID")} ` +
        `kesalahan:\n${rowErrors(errors)}`,
      errors.slice(0, SHOWN_ERRORS),
    );
  }
  progress.phase("Menyimpan", docs.length);
  await col.writeMany(docs, { onCommit: (n) => progress.step(n), since, guards });
  const updated = docs.length - created;
  // the copies embedded in children (a patient's name in its stays), as after a single edit
  const changed = docs.filter((d) => byKey.has(keyOf(d[spec.key])));
  await refreshChildren(store, registry, def, changed).catch((e) => {
    if (!(e instanceof AppError)) throw e;
    warnings.push(`Data terkait belum diperbarui: ${e.message}`);
  });
  const fmt = (n: number) => n.toLocaleString("id-ID");
  const warned = warnings.length
    ? `\nPeringatan (${fmt(warnings.length)} baris, tetap diimpor):\n${rowErrors(warnings)}`
    : "";
  return {
    message: `Impor ${def.label} berhasil: ${fmt(created)} baru, ${fmt(updated)} diperbarui, ` +
      `${fmt(unchanged)} tidak berubah` +
      (skipped ? `, ${fmt(skipped)} baris kosong dilewati.` : ".") + warned,
    created,
    updated,
    unchanged,
    warnings: warnings.slice(0, SHOWN_ERRORS),
    rows: table.rows.length,
    skipped,
  };
}
