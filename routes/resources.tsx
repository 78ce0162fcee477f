import { Hono } from "hono";
import DataTable from "../islands/DataTable.tsx";
import type { AppEnv } from "../lib/http/env.ts";
import { can } from "../lib/http/request.ts";
import { auditList } from "../lib/http/folded.ts";
import { ownHeaders, templateColumns } from "../lib/resource/template.ts";
import type { Registry } from "../lib/resource/refs.ts";
import { collectionOf, type ResourceDef } from "../lib/resource/resource.ts";
import { resourceApi, toJson } from "../lib/resource/api.ts";
import { islandPage } from "./_render.tsx";
import { firstRows, tableProps } from "../lib/resource/table_props.ts";
import { tableAnswer } from "../lib/resource/datatables.ts";

/** The headers an import accepts, as the page lists them: 'Kode (atau kode), ...'. */
function importHint(def: ResourceDef): string {
  return templateColumns(def).map(({ field, header }) => {
    const other = ownHeaders(def, field).find((n) => n !== header.toLowerCase());
    return other ? `${header} (atau ${other})` : header;
  }).join(", ");
}

/** Every resource's API under `/api/{name}` and its table page at its declared path. */
export function resourceRoutes(registry: Registry) {
  const r = new Hono<AppEnv>();
  for (const def of registry.values()) {
    if (def.api === false) continue;
    r.route(`/api/${def.name}`, resourceApi(def, registry));
    if (!def.page) continue;
    const headers = def.import ? importHint(def) : "";
    r.get(def.page.path, async (c) => {
      const first = def.columns.find((col) => col.orderable !== false)?.data;
      const res = await collectionOf(c.get("store"), def).query({
        order: first ? [{ field: first, dir: "asc" }] : [],
        start: 0,
        length: firstRows(def.pageSize ?? 10),
      });
      if (def.auditReads) auditList(c, def.name, res.rows.length);
      const props = tableProps(
        def,
        tableAnswer(0, res, res.rows.map((r) => toJson(r, def))),
        headers,
        await def.defaults?.({ store: c.get("store"), registry }),
        can(c, "POST", `/api/${def.name}/update`),
      );
      return islandPage(c, def.page!.title ?? def.label, "DataTable", DataTable, props);
    });
  }
  return r;
}
