import { type Context, Hono } from "hono";
import AuditTable from "../islands/AuditTable.tsx";
import { type AuditEntry, type AuditFilter, COUNT_CAP } from "../lib/audit/log.ts";
import { badRequest } from "../lib/errors.ts";
import type { AppEnv, NavItem } from "../lib/http/env.ts";
import { dayStart, parseDay } from "../lib/hospital_time.ts";
import { MAX_PAGE, tableAnswer } from "../lib/resource/datatables.ts";
import type { ExportColumn } from "../lib/resource/xlsx_export.ts";
import { streamXlsx } from "../lib/resource/xlsx_stream.ts";
import { trackJob } from "../lib/http/progress.ts";
import type { ColumnDef } from "../lib/resource/resource.ts";
import { firstRows } from "../lib/resource/table_props.ts";
import { islandPage } from "./_render.tsx";
import { audit, queryOf as params } from "../lib/http/request.ts";
import { xlsxFile } from "../lib/http/http.ts";

const EXPORT_LIMIT = 100_000;

export const NAV: NavItem[] = [{ group: "Pengaturan", title: "Jejak Audit", path: "/audit" }];

/** Columns of the audit table (every row field of `GET /api/audit`). */
const AUDIT_COLUMNS: ColumnDef[] = [
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

/** A page of the log; reading it is itself audited (`view_audit`: the filters and the page). */
async function table(c: Context<AppEnv>, p: URLSearchParams) {
  const filter = filterOf(p), start = int(p, "start", 0);
  const length = Math.min(MAX_PAGE, Math.max(1, int(p, "length", 25)));
  const res = await c.get("audit").list(filter, start, length);
  const after = { ...filter, start, rows: res.rows.length };
  await audit(c, { action: "view_audit", entity: "audit", after });
  return tableAnswer(int(p, "draw", 0), res, res.rows);
}

/** An earlier head from the query (`count`, `hash`), when both are given. */
function earlierOf(p: URLSearchParams): { count: number; hash: string } | undefined {
  const count = p.get("count")?.trim(), hash = p.get("hash")?.trim().toLowerCase();
  if (!count && !hash) return undefined;
  if (!count || !/^\d{1,12}$/.test(count) || !hash || !/^[0-9a-f]{64}$/.test(hash)) {
    throw badRequest(
      "Kepala terdahulu tidak valid: isi jumlah entri (angka) dan hash (64 karakter heksadesimal).",
    );
  }
  return { count: Number(count), hash };
}

/** What the page shows of the chain: the head and the daily anchors, for printing. */
async function chainInfo(c: Context<AppEnv>) {
  const log = c.get("audit");
  return { head: await log.head(), anchors: await log.anchors(), lastFull: await log.lastFull() };
}

/** 'Jejak Audit' (admin only): the list, its export, and the chain check. */
export function auditRoutes() {
  const r = new Hono<AppEnv>();

  r.get("/audit", async (c) => {
    // the head as found, before this read's own entry
    const chain = await chainInfo(c);
    const initial = await table(c, new URLSearchParams({ length: String(firstRows(25)) }));
    const props = { columns: AUDIT_COLUMNS, pageSize: 25, initial, cap: COUNT_CAP, chain };
    return islandPage(c, "Jejak Audit", "AuditTable", AuditTable, props);
  });

  r.get("/api/audit", async (c) => c.json(await table(c, params(c))));

  r.get("/api/audit/verify", async (c) => {
    const log = c.get("audit");
    const res = await log.verify(earlierOf(params(c)));
    return c.json({ ...res, head: await log.head() });
  });

  r.post("/api/audit/verify/full", async (c) => {
    const progress = trackJob(c, "Verifikasi penuh");
    progress.phase("Memeriksa entri", await c.get("audit").count());
    try {
      const res = await c.get("audit").verifyFull((done) => progress.step(done));
      progress.finish(
        res.ok
          ? `Rantai utuh: ${res.count} entri diperiksa.`
          : `Rantai RUSAK pada ${res.brokenAt} (setelah ${res.count} entri utuh).`,
      );
      return c.json(res);
    } catch (e) {
      progress.fail((e as Error).message);
      throw e;
    }
  });

  r.get("/api/audit/export", async (c) => {
    const filter = filterOf(params(c));
    const log = c.get("audit");
    // the ids only (a few MB at most), then the entries read chunk by chunk as the file is sent
    const ids: { id: string }[] = [];
    for await (const chunk of log.ids(filter, EXPORT_LIMIT)) {
      for (const id of chunk) ids.push({ id });
    }
    await audit(c, { action: "export", entity: "audit", after: { filter, rows: ids.length } });
    const columns = EXPORT as unknown as ExportColumn<{ id: string }>[];
    const file = streamXlsx(columns, ids, "Jejak Audit", (part) => log.get(part.map((r) => r.id)));
    return xlsxFile(c, "jejak-audit.xlsx", file);
  });
  return r;
}
