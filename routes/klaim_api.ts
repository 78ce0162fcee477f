import { type Context, Hono } from "hono";
import type { AppEnv } from "../lib/http/env.ts";
import { readFields, xlsxFile } from "../lib/http/http.ts";
import { audit, auditStayView, auditWithChanges, queryOf as params } from "../lib/http/request.ts";
import { auditList } from "../lib/http/folded.ts";
import { trackJob } from "../lib/http/progress.ts";
import { uploadedFile } from "../lib/http/upload.ts";
import { diff } from "../lib/audit/log.ts";
import { badRequest } from "../lib/errors.ts";
import { claimDashboard } from "../lib/claim/figures.ts";
import { importEklaim } from "../lib/claim/reconcile.ts";
import { claimOf, PENDING_REASONS, setStatus } from "../lib/claim/status.ts";
import { importStatuses, statusTemplate } from "../lib/claim/status_import.ts";
import { klaimRows, klaimTable } from "../lib/claim/list.ts";
import { exportKlaim } from "../lib/claim/klaim_export.ts";
import type { Registry } from "../lib/resource/refs.ts";

/** The uploaded `file` of a multipart request, as name and bytes (400 when none). */
async function upload(c: Context<AppEnv>, what: string) {
  const file = await uploadedFile(c);
  if (!file) throw badRequest(`Harap pilih berkas ${what} terlebih dahulu.`);
  return file;
}

const username = (c: Context<AppEnv>) => c.get("session")?.username ?? "-";

type Api = Hono<AppEnv>;

/** A `YYYY-MM` month of the query (`from` or `to`), or undefined; 400 naming it when malformed. */
function month(c: Context<AppEnv>, k: "from" | "to"): string | undefined {
  const v = params(c).get(k)?.trim() ?? "";
  if (v && !/^\d{4}-(0[1-9]|1[0-2])$/.test(v)) {
    throw badRequest(`Bulan ${k === "from" ? "awal" : "akhir"} harus YYYY-MM.`);
  }
  return v || undefined;
}

/** The list, its Excel export, the figures and the imports (E-Klaim's TXT, the status file). */
function listRoutes(api: Api, registry: Registry): void {
  api.get("/", async (c) => {
    const table = await klaimTable(c.get("store"), registry, params(c));
    auditList(c, "klaim", table.data.length);
    return c.json(table);
  });

  api.get("/export", async (c) => {
    const rows = await klaimRows(c.get("store"), registry, params(c));
    const file = exportKlaim(rows, c.get("now")());
    const after = { filters: Object.fromEntries(params(c)), rows: rows.length };
    await audit(c, { action: "export", entity: "klaim", after });
    return xlsxFile(c, file.filename, file.body);
  });

  api.get("/dashboard", async (c) => {
    const range = { from: month(c, "from"), to: month(c, "to") };
    return c.json(await claimDashboard(c.get("store"), range));
  });

  api.post("/import-eklaim", async (c) => {
    const file = await upload(c, "TXT E-Klaim");
    const res = await importEklaim(
      c.get("store"),
      file,
      username(c),
      c.get("now")(),
      trackJob(c, "Impor E-Klaim"),
      registry,
    );
    const { rows, outpatient, matched, created, updated, unchanged, filled, period } = res;
    const unmatched = res.unmatched.total, conflicts = res.conflicts.total;
    const counts = { matched, created, updated, unchanged, unmatched, filled, conflicts };
    const after = { file: file.name, rows, outpatient, ...counts, period };
    // each claim created or changed has its entry (before and after), then the summary
    await auditWithChanges(c, { action: "import", entity: "klaim", after });
    return c.json({ success: true, ...res });
  });

  api.post("/import-status", async (c) => {
    const file = await upload(c, ".xlsx");
    const res = await importStatuses(
      c.get("store"),
      file,
      username(c),
      c.get("now")(),
      trackJob(c, "Impor status klaim"),
    );
    const after = { file: file.name, unchanged: res.unchanged, changed: res.changed };
    await auditWithChanges(c, { action: "import", entity: "klaim-status", after });
    return c.json({ success: true, ...res });
  });

  api.get(
    "/template",
    async (c) => xlsxFile(c, "template-status-klaim.xlsx", await statusTemplate()),
  );
}

/** One claim: what it is and may become, and its status change. */
function statusRoutes(api: Api): void {
  api.get("/:ipdId", async (c) => {
    const { claim, status, next } = await claimOf(c.get("store"), c.req.param("ipdId"));
    await auditStayView(c, c.req.param("ipdId"), "klaim");
    return c.json({
      status,
      next,
      reasons: PENDING_REASONS,
      data: claim ? { ...claim.value, _version: claim.versionstamp } : null,
    });
  });

  api.post("/:ipdId/status", async (c) => {
    const f = await readFields(c), id = c.req.param("ipdId");
    const { before, after } = await setStatus(c.get("store"), id, f, username(c), c.get("now")());
    const ev = { action: "claim_status", entity: "klaim", entityId: after.value._id };
    await audit(c, { ...ev, ...diff(before, after.value) });
    return c.json({
      success: true,
      message: `Status klaim SEP ${after.value.sep} menjadi ${after.value.status}.`,
      data: { ...after.value, _version: after.versionstamp },
    });
  });
}

/** Claims after discharge under `/api/klaim`: list, export, imports, status, figures. */
export function klaimApi(registry: Registry): Api {
  const api = new Hono<AppEnv>();
  listRoutes(api, registry);
  statusRoutes(api);
  return api;
}
