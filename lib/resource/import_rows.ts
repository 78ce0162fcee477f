import { AppError } from "../errors.ts";
import { newId } from "../db/ids.ts";
import type { Doc } from "../index/index.ts";
import { embed, type Registry } from "./refs.ts";
import type { Check } from "../db/collection.ts";
import { tallyNow } from "../db/tally.ts";
import type { z } from "zod";
import { collectionOf, labelsOf, type ResourceDef } from "./resource.ts";
import { sentenceCase } from "./fields.ts";
import type { Tracker } from "../progress/progress.ts";
import type { Store } from "../db/store.ts";
import { issues } from "./validate.ts";

/** What the rows of an import are checked against: the stored records and parents. */
export interface Stored {
  col: ReturnType<typeof collectionOf>;
  /** The collection's counters before the indexes were read (a write after fails the import). */
  since: string | null;
  /** The import key as its unique index keys it. */
  keyOf: (v: unknown) => string;
  byKey: Map<string, Doc>;
  /** Other unique fields: value (normalised) → owner id, as the rows take them. */
  taken: Map<string, Map<string, string>>;
  /** Parents by the field rows name them with, matched as the parent's unique index does. */
  parents: Map<string, { find: (v: string) => Doc | undefined; by: string }>;
  /** The parents' counters, checked in the commits. */
  guards: Check[];
}

/** The rows' checks so far: what is written, and why not. */
export interface Checked {
  errors: string[];
  warnings: string[];
  docs: Doc[];
  lines: number[];
  created: number;
  unchanged: number;
  skipped: number;
  /** Per column of the file (the key's aside): what the updates did to it. */
  columns: (ColumnCount & { field: string })[];
}

/** Reads what the rows are checked against (the counters first, see `Stored.since`). */
export async function loadStored(
  store: Store,
  registry: Registry,
  def: ResourceDef,
): Promise<Stored> {
  const spec = def.import!;
  const col = collectionOf(store, def);
  const since = (await col.kv.get(col.verKey)).versionstamp;
  const index = await col.index(true);
  const keyOf = (v: unknown) => col.norm(spec.key, v);
  const byKey = new Map<string, Doc>();
  const others = (def.unique ?? []).filter((f) => f !== spec.key);
  const taken = new Map(others.map((f) => [f, new Map<string, string>()]));
  for (const r of index.rows()) {
    byKey.set(keyOf(r.value[spec.key]), r.value);
    for (const f of others) taken.get(f)!.set(col.norm(f, r.value[f]), r.value._id);
  }
  const parents: Stored["parents"] = new Map();
  const guards: Check[] = [];
  for (const ref of def.refs ?? []) {
    const pdef = registry.get(ref.resource)!;
    const by = ref.importBy ?? pdef.import?.key ?? "kode";
    const pcol = collectionOf(store, pdef);
    if (!guards.some((g) => g.key.join() === pcol.verKey.join())) {
      guards.push({ key: pcol.verKey, versionstamp: (await col.kv.get(pcol.verKey)).versionstamp });
    }
    const m = new Map<string, Doc>();
    for (const r of (await pcol.index(true)).rows()) m.set(pcol.norm(by, r.value[by]), r.value);
    const label = (labelsOf(pdef)[by] ?? by).toLowerCase();
    parents.set(ref.input, { find: (v) => m.get(pcol.norm(by, v)), by: label });
  }
  return { col, since, keyOf, byKey, taken, parents, guards };
}

/** What a column (headed as in the file) did to the records updated: values changed, emptied. */
export interface ColumnCount {
  column: string;
  changed: number;
  emptied: number;
}

const isEmpty = (v: unknown) => v == null || v === "" || (Array.isArray(v) && v.length === 0);

/** The stored field of schema field `f` (a parent picked by code is stored as its reference). */
const storedField = (def: ResourceDef, f: string) =>
  def.refs?.find((r) => r.input === f)?.field ?? f;

/** A row's checked fields over the stored record `old`: the fields not `given` keep theirs. */
function over(def: ResourceDef, old: Doc, doc: Record<string, unknown>, given: Set<string>) {
  const out = { ...doc };
  for (const f of Object.keys(def.schema.shape)) {
    if (given.has(f)) continue;
    const field = storedField(def, f);
    if (old[field] === undefined) delete out[field];
    else out[field] = old[field];
  }
  return out;
}

/** One row made a record (an update checked on its own columns only); null when refused. */
async function rowDoc(
  store: Store,
  registry: Registry,
  def: ResourceDef,
  s: Stored,
  input: Record<string, unknown>,
  line: number,
  out: Checked,
  lacking: Record<string, string>,
): Promise<Record<string, unknown> | null> {
  const spec = def.import!;
  const shape = def.schema.shape as Record<string, z.ZodType>;
  const given = new Set(Object.keys(input).filter((f) => f in shape));
  const refDocs: Record<string, unknown> = {};
  for (const ref of def.refs ?? []) {
    const code = String(input[ref.input] ?? "").trim();
    if (!code) continue;
    const { find, by } = s.parents.get(ref.input)!;
    const parent = find(code);
    if (!parent) {
      out.errors.push(`Baris ${line}: ${ref.label} dengan ${by} "${code}" tidak ditemukan.`);
      input[ref.input] = "?";
    } else refDocs[ref.field] = embed(ref, parent);
  }
  const keyed = given.has(spec.key) ? shape[spec.key].safeParse(input[spec.key]) : null;
  let old = keyed?.success ? s.byKey.get(s.keyOf(keyed.data)) : undefined;
  const lacks = Object.keys(lacking);
  // (a row whose key cell is invalid is told so by the whole schema below)
  if (!old && lacks.length && keyed?.success !== false) {
    const labels = labelsOf(def);
    out.errors.push(
      `Baris ${line}: ${lacks.map((f) => sentenceCase(labels[f] ?? f)).join(", ")} wajib ` +
        `diisi untuk ${def.label} baru (berkas tidak punya kolom ${
          Object.values(lacking).join(", ")
        }).`,
    );
    return null;
  }
  const schema = old
    ? def.schema.pick(Object.fromEntries([...given].map((f) => [f, true as const])))
    : def.schema;
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    for (const m of issues(parsed.error)) out.errors.push(`Baris ${line}: ${m}`);
    return null;
  }
  let doc: Record<string, unknown> = { ...parsed.data };
  for (const ref of def.refs ?? []) {
    delete doc[ref.input]; // may be the same name as the stored field (room.classroom)
    doc[ref.field] = refDocs[ref.field] ?? null;
  }
  if (old) doc = over(def, old, doc, given);
  if (!def.prepare) return doc;
  try {
    const valid = doc;
    doc = await def.prepare(valid, { store, registry, old });
    // a key the hook derives (fullname, `_key`): run it again knowing the stored record
    if (!keyed) {
      old = s.byKey.get(s.keyOf(doc[spec.key]));
      if (old) doc = await def.prepare(over(def, old, valid, given), { store, registry, old });
    }
    return doc;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    out.errors.push(`Baris ${line}: ${e.message}`);
    return null;
  }
}

/** Checks every row (all of them, to name every problem) and collects what to write. */
export async function checkRows(
  store: Store,
  registry: Registry,
  def: ResourceDef,
  s: Stored,
  table: { headers: string[]; rows: string[][] },
  colOf: Record<string, number>,
  progress: Tracker,
  lacking: Record<string, string>,
): Promise<Checked> {
  const spec = def.import!;
  const out: Checked = {
    errors: [],
    warnings: [],
    docs: [],
    lines: [],
    created: 0,
    unchanged: 0,
    skipped: 0,
    columns: Object.entries(colOf).filter(([f]) => f !== spec.key).map(([field, c]) => ({
      field: storedField(def, field),
      column: table.headers[c],
      changed: 0,
      emptied: 0,
    })),
  };
  const seen = new Map<string, number>();
  for (const [i, cells] of table.rows.entries()) {
    const line = i + 2;
    if ((i & 1023) === 0) progress.step(i);
    if (cells.every((c) => c.trim() === "")) {
      out.skipped++;
      continue;
    }
    let input: Record<string, unknown> = {};
    for (const [field, c] of Object.entries(colOf)) input[field] = cells[c] ?? "";
    if (spec.transform) input = spec.transform(input);
    const doc = await rowDoc(store, registry, def, s, input, line, out, lacking);
    if (!doc) continue;
    const key = s.keyOf(doc[spec.key]);
    const first = seen.get(key);
    if (first) {
      const name = labelsOf(def)[spec.key] ?? spec.key;
      out.errors.push(
        `Baris ${line}: ${name} "${String(doc[spec.key]).trim()}" sudah ada di baris ${first}.`,
      );
      continue;
    }
    seen.set(key, line);
    const old = s.byKey.get(key);
    const full = { ...old, ...doc, _id: old?._id ?? newId() } as Doc;
    const clash = [...s.taken.keys()].find((f) => {
      const v = full[f] == null || full[f] === "" ? "" : s.col.norm(f, full[f]);
      const owner = s.taken.get(f)!.get(v);
      if (v && owner && owner !== full._id) return true;
      if (v) s.taken.get(f)!.set(v, full._id);
      return false;
    });
    if (clash) {
      const name = labelsOf(def)[clash] ?? clash;
      out.errors.push(`Baris ${line}: ${name} "${full[clash]}" sudah digunakan.`);
      continue;
    }
    const warning = spec.warn?.(full);
    if (warning) out.warnings.push(`Baris ${line}: ${warning}`);
    if (!old) out.created++;
    else if (JSON.stringify(full) === JSON.stringify(old)) {
      out.unchanged++;
      continue;
    }
    if (old) count(out.columns, old, full);
    out.docs.push(full);
    out.lines.push(line);
  }
  return out;
}

/** Counts, per column, the stored values an update replaced or emptied. */
function count(columns: Checked["columns"], old: Doc, doc: Doc) {
  for (const c of columns) {
    if (JSON.stringify(old[c.field]) === JSON.stringify(doc[c.field])) continue;
    if (isEmpty(doc[c.field])) {
      if (!isEmpty(old[c.field])) c.emptied++;
    } else c.changed++;
  }
}

/** Names the row that takes the collection's tally below its minimum (commits check it too). */
export async function checkTally(def: ResourceDef, s: Stored, out: Checked): Promise<void> {
  const tally = s.col.spec.tally;
  if (!tally || out.errors.length) return;
  const delta = (d: Doc) => {
    const old = s.byKey.get(s.keyOf(d[def.import!.key]));
    return tally.of(d) - (old ? tally.of(old) : 0);
  };
  let n = (await tallyNow(s.col, s.since)).n;
  if (n + out.docs.reduce((a, d) => a + delta(d), 0) < tally.min) {
    const i = out.docs.findIndex((d) => (n += delta(d)) < tally.min);
    out.errors.push(`Baris ${out.lines[Math.max(0, i)]}: ${tally.message}`);
  }
}
