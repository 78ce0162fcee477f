import { type Context, Hono } from "hono";
import { parseTableRequest, tableAnswer } from "./datatables.ts";
import type { AppEnv } from "../http/env.ts";
import { badRequest, notFound, requireVersion } from "../errors.ts";
import { readFields } from "../http/http.ts";
import { audit, auditWithChanges } from "../http/request.ts";
import { auditList } from "../http/folded.ts";
import { changeEvent } from "../audit/log.ts";
import { IMPORT_KINDS, importFile } from "./importer.ts";
import { exportRecords } from "./record_export.ts";
import { guideRows, templateColumns } from "./template.ts";
import type { Doc, Row } from "../index/index.ts";
import {
  childLocks,
  refreshChildren,
  type Registry,
  removeUnreferenced,
  resolveRefs,
} from "./refs.ts";
import { collectionOf, type ResourceDef } from "./resource.ts";
import { emptyReason, paramFilter, select2 } from "./select2.ts";
import { templateXlsx } from "./template_xlsx.ts";
import type { Store } from "../db/store.ts";
import { isSaneId, parseOr400 } from "./validate.ts";
import { trackJob } from "../http/progress.ts";
import { uploadedFile } from "../http/upload.ts";

/** A row as the API sends it: the record (without hidden fields) plus its version. */
export function toJson(r: Row, def: ResourceDef) {
  const out: Record<string, unknown> = { ...r.value, _version: r.versionstamp };
  for (const f of def.hidden ?? []) delete out[f];
  return out;
}

const saved = (c: Context<AppEnv>, row: Row, def: ResourceDef) =>
  c.json({ success: true, message: "Data Berhasil di Simpan", data: toJson(row, def) });

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Filters by parent id (`provinceId`) and declared parameters, from the query string. */
export function filtersOf(def: ResourceDef, params: URLSearchParams): Record<string, string> {
  const where = paramFilter(params, def.params);
  for (const ref of def.refs ?? []) {
    const v = ref.param && params.get(ref.param);
    if (v) where[`${ref.field}._id`] = v;
  }
  return where;
}

/** Creates (no `id`) or edits a record from form fields; with `c`, audits and runs `afterSave`. */
export async function saveRecord(
  store: Store,
  registry: Registry,
  def: ResourceDef,
  fields: Record<string, string>,
  c?: Context<AppEnv>,
): Promise<Row> {
  const id = fields.id?.trim() ?? "";
  const input = parseOr400(def.schema, fields);
  const { doc, checks } = await resolveRefs(store, registry, def, input);
  const col = collectionOf(store, def);
  if (!id) {
    const row = await col.insert(
      def.prepare ? await def.prepare(doc, { store, registry, c }) : doc,
      checks,
    );
    if (c) {
      await audit(c, {
        action: "create",
        entity: def.name,
        entityId: row.value._id,
        after: row.value,
      });
      await def.afterSave?.(row, { store, registry, c });
    }
    return row;
  }
  let before: Doc | undefined;
  const merge = async (old: Doc) => {
    before = old;
    return { ...old, ...(def.prepare ? await def.prepare(doc, { store, registry, old, c }) : doc) };
  };
  const read = isSaneId(id) ? await col.find(id) : null;
  if (!read) throw notFound();
  const row = await col.update(id, merge, {
    expected: requireVersion(fields._version),
    checks: [...checks, ...childLocks(registry, def)],
    read,
  });
  await refreshChildren(store, registry, def, [row.value]);
  if (c) {
    const ev = before && changeEvent(def.name, id, before, row.value);
    if (ev) await audit(c, ev);
    await def.afterSave?.(row, { store, registry, old: before, c });
  }
  return row;
}

/** The import routes: the template download, the upload and (`export`) the records as a file. */
function mountImport(api: Hono<AppEnv>, def: ResourceDef, registry: Registry) {
  api.get("/template", async (c) => {
    const headers = templateColumns(def).map((col) => col.header);
    c.header("content-disposition", `attachment; filename="template-${def.name}.xlsx"`);
    c.header("content-type", XLSX_TYPE);
    return c.body(await templateXlsx([headers], [["Petunjuk", guideRows(def, registry)]]));
  });

  api.post("/import", async (c) => {
    const file = await uploadedFile(c);
    if (!file) {
      throw badRequest(`Harap pilih file ${IMPORT_KINDS} terlebih dahulu.`);
    }
    const progress = trackJob(c, `Impor ${def.label}`);
    const res = await importFile(c.get("store"), registry, def, file, progress);
    const { created, updated, unchanged, skipped } = res;
    // each record created or changed has its entry (before and after), then the summary
    await auditWithChanges(c, {
      action: "import",
      entity: def.name,
      after: { file: file.name, created, updated, unchanged, skipped },
    });
    return c.json({ success: true, ...res });
  });

  if (!def.import?.export) return;
  api.get("/export", async (c) => {
    const file = await exportRecords(c.get("store"), registry, def);
    await audit(c, { action: "export", entity: def.name, after: { rows: file.rows } });
    c.header("content-type", XLSX_TYPE);
    c.header("content-disposition", `attachment; filename="${file.filename}"`);
    return c.body(file.body);
  });
}

/** `POST /update/{field}/{id}`: one boolean field switched (a switch cell of the table). */
function mountToggles(api: Hono<AppEnv>, def: ResourceDef, toggles: string[]) {
  api.post("/update/:field/:id", async (c) => {
    const field = c.req.param("field");
    if (!toggles.includes(field)) {
      throw badRequest(
        `Kolom "${field}" tidak bisa diubah di sini (hanya ${toggles.join(", ")}).`,
      );
    }
    const fields = await readFields(c);
    const raw = (fields[field] ?? fields.value ?? "").trim().toLowerCase();
    const on = ["true", "1", "on", "ya"].includes(raw);
    if (!on && !["false", "0", "off", "tidak"].includes(raw)) {
      throw badRequest(`Nilai ${field} harus true atau false.`);
    }
    let before: Doc | undefined;
    const row = await collectionOf(c.get("store"), def).update(c.req.param("id"), (old) => {
      before = old;
      return { ...old, [field]: on };
    });
    const ev = before && changeEvent(def.name, row.value._id, before, row.value);
    if (ev) await audit(c, ev);
    return saved(c, row, def);
  });
}

/** The API of one resource, from its declaration. */
export function resourceApi(def: ResourceDef, registry: Registry): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const col = (c: Context<AppEnv>) => collectionOf(c.get("store"), def);
  const params = (c: Context<AppEnv>) => new URL(c.req.url).searchParams;
  const orderable = def.columns.filter((c) => c.orderable !== false).map((c) => c.data);

  api.get("/", async (c) => {
    const req = parseTableRequest(params(c), {
      search: def.search,
      order: orderable,
      pageSize: def.pageSize ?? 10,
    });
    const where = filtersOf(def, params(c));
    const res = await col(c).query({ ...req.query, where });
    if (def.auditReads) auditList(c, def.name, res.rows.length);
    return c.json(tableAnswer(req.draw, res, res.rows.map((r) => toJson(r, def))));
  });

  const selects = { select2: {}, ...def.selects };
  for (const [path, sel] of Object.entries(selects)) {
    api.get(`/${path}`, async (c) => {
      const index = await col(c).index();
      const base = filtersOf(def, params(c));
      const answer = select2(def, index, params(c), base, sel);
      if (def.auditReads) auditList(c, def.name, answer.results.length);
      if (answer.results.length || (params(c).get("page") ?? "1") !== "1") return c.json(answer);
      const ctx = { store: c.get("store"), registry };
      const empty = await emptyReason(def, index, base, sel, params(c), ctx);
      return c.json(empty ? { ...answer, empty } : answer);
    });
  }

  if (def.import) mountImport(api, def, registry);

  api.get("/:id", async (c) => {
    const row = await col(c).find(c.req.param("id"));
    if (!row) throw notFound();
    if (def.auditReads) {
      await audit(c, { action: "view", entity: def.name, entityId: row.value._id });
    }
    return c.json(def.single ? def.single(row.value) : { data: toJson(row, def) });
  });

  api.post("/update", async (c) => {
    const row = await saveRecord(c.get("store"), registry, def, await readFields(c), c);
    return saved(c, row, def);
  });

  if (def.toggles?.length) mountToggles(api, def, def.toggles);

  if (def.deletable !== false) {
    api.delete("/delete/:id", async (c) => {
      const id = c.req.param("id");
      const row = await col(c).find(id);
      if (!row) throw notFound();
      await def.beforeDelete?.(row.value, { store: c.get("store"), registry, old: row.value, c });
      const gone = await removeUnreferenced(c.get("store"), registry, def, id);
      await audit(c, { action: "delete", entity: def.name, entityId: id, before: gone });
      return c.json({ success: true, message: "Data berhasil dihapus." });
    });
  }
  return api;
}
