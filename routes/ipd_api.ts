import { type Context, Hono } from "hono";
import type { AppEnv } from "../lib/http/env.ts";
import { listOf, readFields, readForm, textFields, xlsxFile } from "../lib/http/http.ts";
import { noClaimGuard } from "../lib/claim/claim_store.ts";
import { cancelUnclaimedDischarge, correctUnclaimedSummary } from "../lib/claim/status.ts";
import { deleteVisit, getVisit, readmissionOf, saveVisit, stillAdmitted } from "../lib/ipd/stay.ts";
import { diff } from "../lib/audit/log.ts";
import { audit, auditChange, auditStayView, queryOf as params } from "../lib/http/request.ts";
import { auditList } from "../lib/http/folded.ts";
import type { Doc } from "../lib/index/doc.ts";
import { discharge, summaryOf } from "../lib/ipd/discharge.ts";
import { deleteExam, saveExam } from "../lib/ipd/exam.ts";
import { exportStays } from "../lib/ipd/export.ts";
import { examTable, ipdRows, ipdTable, type ListMode, stayJson } from "../lib/ipd/list.ts";
import { parseDateTime } from "../lib/hospital_time.ts";
import { badRequest } from "../lib/errors.ts";
import type { Registry } from "../lib/resource/refs.ts";
import { checkStay } from "../lib/claim/readiness.ts";
import { breakdownJson } from "../lib/ipd/bill.ts";
import { billCategory } from "../lib/ipd/bill_setting.ts";

const SAVED = "Data Berhasil di Simpan";

/** Audits a stay another write changed in the same commit (a readmission flag): its fields. */
async function record(c: Context<AppEnv>, before: Doc, after: Doc) {
  const d = diff(before, after);
  if (d) await audit(c, { action: "update", entity: "ipd", entityId: after._id, ...d });
}

/** A stay or examination as answered: its breakdown in all 18 categories (`breakdownJson`). */
const billed = async <T extends object>(c: Context<AppEnv>, doc: T) =>
  breakdownJson(doc as Record<string, unknown>, await billCategory(c.get("store")));

/** A discharge summary's code lists, from its form. */
const summaryLists = (f: Record<string, string | string[]>) => ({
  summary_diagnosis: listOf(f.summary_diagnosis),
  summary_tindakan: listOf(f.summary_tindakan),
});

/** The answer to a stay's write: `message` and the stay as billed. */
const saved = async (c: Context<AppEnv>, message: string, row: Parameters<typeof stayJson>[0]) =>
  c.json({ success: true, message, data: await billed(c, stayJson(row)) });

/** The inpatient API (SPEC section 7, Inpatient) under `/api/ipd`. */
export function ipdApi(registry: Registry): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  mountReads(api, registry);
  mountWrites(api, registry);
  return api;
}

/** The lists, exports and reads of one stay (the `GET`s, in the order they are matched). */
function mountReads(api: Hono<AppEnv>, registry: Registry) {
  const list = (mode: ListMode) => async (c: Context<AppEnv>) => {
    const table = await ipdTable(c.get("store"), params(c), mode);
    auditList(c, "ipd", table.data.length);
    return c.json(table);
  };

  const download = (mode: ListMode) => async (c: Context<AppEnv>) => {
    const rows = await ipdRows(c.get("store"), params(c), mode);
    const file = exportStays(c.get("store"), rows, mode, await billCategory(c.get("store")));
    const after = { screen: mode, filters: Object.fromEntries(params(c)), rows: rows.length };
    await audit(c, { action: "export", entity: "ipd", after });
    return xlsxFile(c, file.filename, file.body);
  };

  api.get("/", list("dirawat"));
  api.get("/discharge-patient", list("pulang"));
  api.get("/export-ipd-data", download("dirawat"));
  api.get("/export-ipd-discharge-data", download("pulang"));

  api.get("/:pasienId/check-readmisi", async (c) => {
    const raw = params(c).get("date")?.trim();
    const at = raw ? parseDateTime(raw) : new Date().toISOString();
    if (!at) throw badRequest("Tanggal masuk tidak valid (YYYY-MM-DD HH:mm).");
    const exclude = params(c).get("id") ?? "";
    const r = await readmissionOf(c.get("store"), c.req.param("pasienId"), at, exclude);
    return c.json({
      readmisi: r.readmisi,
      previous: r.previous,
      dirawat: !!r.open,
      // what saving would refuse, said as soon as the patient is picked
      ...(r.open ? { dirawatText: stillAdmitted(r.open) } : {}),
    });
  });

  api.get("/:id/details", async (c) => {
    const table = await examTable(c.get("store"), c.req.param("id"), params(c));
    await auditStayView(c, c.req.param("id"), "details");
    return c.json(table);
  });

  api.get("/:id/get-summary-icd", async (c) => {
    const summary = await summaryOf(c.get("store"), c.req.param("id"));
    await auditStayView(c, c.req.param("id"), "summary");
    return c.json(summary);
  });

  api.get("/:id/claim-check", async (c) => {
    const r = await checkStay(c.get("store"), registry, c.req.param("id"));
    await auditStayView(c, c.req.param("id"), "claim-check");
    return c.json({ ready: r.ready, findings: r.findings });
  });

  api.get("/:id", async (c) => {
    const row = await getVisit(c.get("store"), c.req.param("id"));
    await auditStayView(c, row.value._id);
    return c.json({ data: await billed(c, stayJson(row)) });
  });
}

/** Saving, discharging, correcting and deleting stays and their examinations, each audited. */
function mountWrites(api: Hono<AppEnv>, registry: Registry) {
  api.post("/update", async (c) => {
    const row = await saveVisit(c.get("store"), registry, await readFields(c));
    await auditChange(c, "ipd", row.value._id);
    return await saved(c, SAVED, row);
  });

  api.post("/visitexamination/update", async (c) => {
    const f = await readForm(c);
    const res = await saveExam(c.get("store"), registry, f, {
      keyword: listOf(f.keyword),
      diagnosis: listOf(f.diagnosis),
      tindakan: listOf(f.tindakan),
    });
    await auditChange(c, "ipd-detail", res.examination._id);
    return c.json({
      success: true,
      message: SAVED,
      data: {
        visit: await billed(c, res.visit),
        examination: await billed(c, { ...res.examination, _version: res.version }),
      },
    });
  });

  api.post("/discharge-patient/update", async (c) => {
    const f = await readForm(c);
    const row = await discharge(c.get("store"), registry, textFields(f), summaryLists(f));
    await auditChange(c, "ipd", row.value._id, "discharge");
    for (const r of row.readmissions) await record(c, r.before, r.after);
    return await saved(c, "Pasien berhasil dipulangkan.", row);
  });

  api.delete("/:ipdId/details/:detailId", async (c) => {
    const visit = await deleteExam(c.get("store"), c.req.param("ipdId"), c.req.param("detailId"));
    await auditChange(c, "ipd-detail", c.req.param("detailId"));
    return c.json({
      success: true,
      message: "Pemeriksaan berhasil dihapus.",
      data: await billed(c, visit),
    });
  });

  api.post("/:id/cancel-discharge", async (c) => {
    const row = await cancelUnclaimedDischarge(c.get("store"), c.req.param("id"));
    await auditChange(c, "ipd", row.value._id, "cancel_discharge");
    return c.json({ success: true, message: "Status Kepulangan pasien sudah dibatalkan." });
  });

  api.delete("/:id", async (c) => {
    const store = c.get("store");
    const id = c.req.param("id");
    const { readmissions, ...gone } = await deleteVisit(store, id, await noClaimGuard(store, id));
    await audit(c, { action: "delete", entity: "ipd", entityId: gone.visit._id, before: gone });
    // the next stay is no longer a readmission: its own entry
    for (const r of readmissions) await record(c, r.before, r.after);
    return c.json({ success: true, message: "Data berhasil dihapus." });
  });

  // a discharged stay's summary corrected in place while its claim is not final
  api.post("/:id/summary", async (c) => {
    const f = await readForm(c);
    const fields = { ...textFields(f), id: c.req.param("id") };
    const row = await correctUnclaimedSummary(c.get("store"), registry, fields, summaryLists(f));
    await auditChange(c, "ipd", row.value._id, "correct_summary");
    return await saved(c, "Ringkasan pulang berhasil diperbaiki.", row);
  });
}
