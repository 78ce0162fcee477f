import { Hono } from "hono";
import { parseTableRequest } from "./datatables.ts";
import type { AppEnv } from "./env.ts";
import { badRequest, notFound } from "./errors.ts";
import { readFields } from "./http.ts";
import { acceptedHeaders, importFile } from "./importer.ts";
import type { Doc, Row } from "./mem_index.ts";
import { assertUnreferenced, refreshChildren, type Registry, resolveRefs } from "./refs.ts";
import { collectionOf, type ResourceDef } from "./resource.ts";
import { writeXlsx } from "./spreadsheet.ts";
import { parseOr400 } from "./validate.ts";

/** Options per select2 page. */
export const SELECT_PAGE = 20;

/** A row as the API sends it: the record plus the version an edit must carry back. */
export const toJson = (r: Row) => ({ ...r.value, _version: r.versionstamp });

/** The text of a record's select option. */
export const optionText = (def: ResourceDef, doc: Doc) =>
  def.optionText ? def.optionText(doc) : String(doc.desc ?? doc.name ?? doc._id);

/**
 * The API of one resource, from its declaration: DataTables list, select2 lookup, single
 * read, create/edit, delete (when deletable), import and the import template.
 */
export function resourceApi(def: ResourceDef, registry: Registry): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const col = (c: { get(k: "store"): AppEnv["Variables"]["store"] }) =>
    collectionOf(c.get("store"), def);
  /** Filters by parent id from query parameters such as `provinceId`. */
  const parentFilter = (query: Record<string, string>) => {
    const where: Record<string, string> = {};
    for (const ref of def.refs ?? []) {
      if (ref.param && query[ref.param]) where[`${ref.field}._id`] = query[ref.param];
    }
    return where;
  };
  const orderable = def.columns.filter((c) => c.orderable !== false).map((c) => c.data);

  api.get("/", async (c) => {
    const req = parseTableRequest(new URL(c.req.url).searchParams, {
      search: def.search,
      order: orderable,
      pageSize: def.pageSize ?? 10,
    });
    const where = parentFilter(c.req.query());
    const res = (await col(c).index()).query({ ...req.query, where });
    return c.json({
      draw: req.draw,
      recordsTotal: res.total,
      recordsFiltered: res.filtered,
      data: res.rows.map(toJson),
    });
  });

  api.get("/select2", async (c) => {
    const page = Math.max(1, Number.parseInt(c.req.query("page") ?? "1", 10) || 1);
    const where = parentFilter(c.req.query());
    const res = (await col(c).index()).query({
      search: c.req.query("q") ?? c.req.query("term") ?? "",
      searchFields: def.search,
      where,
      order: orderable[0] ? [{ field: orderable[0], dir: "asc" }] : [],
      start: (page - 1) * SELECT_PAGE,
      length: SELECT_PAGE,
    });
    return c.json({
      results: res.rows.map((r) => ({ id: r.value._id, text: optionText(def, r.value) })),
      pagination: { more: page * SELECT_PAGE < res.filtered },
    });
  });

  if (def.import) {
    const spec = def.import;
    api.get("/template", (c) => {
      const headers = Object.values(acceptedHeaders(def)).map((names) => names[0]);
      const name = `template-${def.name}.${spec.format}`;
      c.header("content-disposition", `attachment; filename="${name}"`);
      if (spec.format === "csv") {
        c.header("content-type", "text/csv; charset=utf-8");
        return c.body(headers.join(",") + "\n");
      }
      c.header(
        "content-type",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      );
      return c.body(writeXlsx([headers]));
    });

    api.post("/import", async (c) => {
      const body = await c.req.parseBody().catch(() => {
        throw badRequest("Format unggahan tidak valid.");
      });
      const file = body.file;
      if (!(file instanceof File) || file.size === 0) {
        throw badRequest(
          spec.format === "csv"
            ? "Harap pilih file CSV terlebih dahulu."
            : "Harap pilih file .xlsx terlebih dahulu.",
        );
      }
      const res = await importFile(c.get("store"), registry, def, file);
      return c.json({ success: true, ...res });
    });
  }

  api.get("/:id", async (c) => {
    const row = await col(c).find(c.req.param("id"));
    if (!row) throw notFound();
    return c.json({ data: toJson(row) });
  });

  api.post("/update", async (c) => {
    const fields = await readFields(c);
    const id = fields.id?.trim() ?? "";
    const input = parseOr400(def.schema, fields);
    const store = c.get("store");
    const { doc, checks } = await resolveRefs(store, registry, def, input);
    let row: Row;
    if (id) {
      const merge = (cur: Doc) => ({ ...cur, ...doc });
      row = await col(c).update(id, merge, fields._version || undefined, checks);
      await refreshChildren(store, registry, def, row.value);
    } else {
      row = await col(c).insert(doc, checks);
    }
    return c.json({ success: true, message: "Data Berhasil di Simpan", data: toJson(row) });
  });

  if (def.deletable !== false) {
    api.delete("/delete/:id", async (c) => {
      const id = c.req.param("id");
      if (!(await col(c).find(id))) throw notFound();
      await assertUnreferenced(c.get("store"), registry, def, id);
      await col(c).remove(id);
      return c.json({ success: true, message: "Data berhasil dihapus." });
    });
  }
  return api;
}
