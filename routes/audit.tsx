import { type Context, Hono } from "hono";
import AuditTable from "../islands/AuditTable.tsx";
import { Island } from "../components/Island.tsx";
import type { AuditEntry, AuditFilter } from "../lib/audit/log.ts";
import { badRequest } from "../lib/errors.ts";
import type { AppEnv } from "../lib/http/env.ts";
import { dayStart, parseDay } from "../lib/hospital_time.ts";
import { MAX_PAGE } from "../lib/resource/datatables.ts";
import { type ExportColumn, exportXlsx } from "../lib/resource/xlsx_export.ts";
import type { ColumnDef } from "../lib/resource/resource.ts";
import { firstRows } from "../lib/resource/table_props.ts";
import { renderPage } from "./_render.tsx";
import { audit } from "../lib/http/client.ts";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const EXPORT_LIMIT = 100_000;

/** Columns of the audit table (every row field of `GET /api/audit`). */
export const AUDIT_COLUMNS: ColumnDef[] = [
  { data: "at", title: "Waktu", format: "datetime", orderable: false },
  { data: "username", title: "Pengguna", orderable: false },
  { data: "role", title: "Peran", orderable: false },
  { data: "ip", title: "Alamat", orderable: false },
  { data: "action", title: "Aksi", orderable: false },
  { data: "entity", title: "Entitas", orderable: false },
  { data: "entityId", title: "ID", orderable: false },
  { data: "before", title: "Sebelum", orderable: false },
  { data: "after", title: "Sesudah", orderable: false },
];

const json = (v: unknown) => v == null ? "" : JSON.stringify(v);
const EXPORT: ExportColumn<AuditEntry>[] = [
  { title: "Waktu", type: "datetime", value: (r) => r.at, width: 17 },
  ...AUDIT_COLUMNS.slice(1, 7).map((c): ExportColumn<AuditEntry> => ({
    title: c.title,
    type: "text",
    value: (r) => (r as unknown as Record<string, unknown>)[c.data],
  })),
  { title: "Sebelum", type: "text", value: (r) => json(r.before).slice(0, 32_000), width: 60 },
  { title: "Sesudah", type: "text", value: (r) => json(r.after).slice(0, 32_000), width: 60 },
];

/** The list filters from a query string: user, action, entity, `from`/`to` hospital days. */
function filterOf(p: URLSearchParams): AuditFilter {
  const day = (k: string) => {
    const v = p.get(k)?.trim();
    if (!v) return undefined;
    const d = parseDay(v);
    if (!d) {
      throw badRequest(`Tanggal ${k === "from" ? "awal" : "akhir"} tidak valid (DD-MM-YYYY).`);
    }
    return Date.parse(dayStart(d));
  };
  const to = day("to");
  return {
    username: p.get("username")?.trim().toLowerCase() || undefined,
    action: p.get("action")?.trim() || undefined,
    entity: p.get("entity")?.trim() || undefined,
    from: day("from"),
    to: to === undefined ? undefined : to + 86_400_000,
    search: p.get("search[value]") ?? undefined,
  };
}

const int = (p: URLSearchParams, k: string, d: number) => {
  const n = Number.parseInt(p.get(k) ?? "", 10);
  return Number.isFinite(n) && n >= 0 ? n : d;
};

async function table(c: Context<AppEnv>, p: URLSearchParams) {
  const res = await c.get("audit").list(
    filterOf(p),
    int(p, "start", 0),
    Math.min(MAX_PAGE, Math.max(1, int(p, "length", 25))),
  );
  return {
    draw: int(p, "draw", 0),
    recordsTotal: res.total,
    recordsFiltered: res.filtered,
    data: res.rows,
  };
}

/** 'Jejak Audit' (admin only): the list, its export, and the chain check. */
export function auditRoutes() {
  const r = new Hono<AppEnv>();
  const params = (c: Context<AppEnv>) => new URL(c.req.url).searchParams;

  r.get("/audit", async (c) => {
    const initial = await table(c, new URLSearchParams({ length: String(firstRows(25)) }));
    return renderPage(c, {
      title: "Jejak Audit",
      body: (
        <Island
          name="AuditTable"
          component={AuditTable}
          props={{ columns: AUDIT_COLUMNS, pageSize: 25, initial }}
        />
      ),
    });
  });

  r.get("/api/audit", async (c) => c.json(await table(c, params(c))));

  r.get("/api/audit/verify", async (c) => c.json(await c.get("audit").verify()));

  r.get("/api/audit/export", async (c) => {
    const filter = filterOf(params(c));
    const res = await c.get("audit").list(filter, 0, EXPORT_LIMIT);
    await audit(c, { action: "export", entity: "audit", after: { filter, rows: res.rows.length } });
    c.header("content-type", XLSX_TYPE);
    c.header("content-disposition", `attachment; filename="jejak-audit.xlsx"`);
    return c.body(exportXlsx(EXPORT, res.rows, "Jejak Audit"));
  });
  return r;
}
