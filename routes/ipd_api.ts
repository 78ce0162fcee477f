import { type Context, Hono } from "hono";
import type { AppEnv } from "../lib/http/env.ts";
import { listOf, readFields, readForm, textFields } from "../lib/http/http.ts";
import { deleteVisit, getVisit, readmissionOf, saveVisit } from "../lib/ipd/stay.ts";
import { cancelDischarge, discharge, summaryOf } from "../lib/ipd/discharge.ts";
import { deleteExam, saveExam } from "../lib/ipd/exam.ts";
import { exportStays } from "../lib/ipd/export.ts";
import { examTable, ipdRows, ipdTable, type ListMode, stayJson } from "../lib/ipd/list.ts";
import { parseDateTime } from "../lib/ipd/rules.ts";
import { badRequest } from "../lib/errors.ts";
import type { Registry } from "../lib/resource/refs.ts";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const SAVED = "Data Berhasil di Simpan";

/** Most rows one export writes. */
export const EXPORT_LIMIT = 100_000;

/** The inpatient API (SPEC section 7, Inpatient) under `/api/ipd`. */
export function ipdApi(registry: Registry): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const params = (c: Context<AppEnv>) => new URL(c.req.url).searchParams;

  const list = (mode: ListMode) => async (c: Context<AppEnv>) =>
    c.json(await ipdTable(c.get("store"), params(c), mode));
  const download = (mode: ListMode) => async (c: Context<AppEnv>) => {
    const rows = await ipdRows(c.get("store"), params(c), mode, EXPORT_LIMIT);
    const file = exportStays(rows, mode);
    c.header("content-type", XLSX_TYPE);
    c.header("content-disposition", `attachment; filename="${file.filename}"`);
    return c.body(file.body);
  };

  api.get("/", list("dirawat"));
  api.get("/discharge-patient", list("pulang"));
  api.get("/export-ipd-data", download("dirawat"));
  api.get("/export-ipd-discharge-data", download("pulang"));

  api.post("/update", async (c) => {
    const row = await saveVisit(c.get("store"), registry, await readFields(c));
    return c.json({ success: true, message: SAVED, data: stayJson(row) });
  });

  api.post("/visitexamination/update", async (c) => {
    const f = await readForm(c);
    const res = await saveExam(c.get("store"), registry, f, {
      keyword: listOf(f.keyword),
      diagnosis: listOf(f.diagnosis),
      tindakan: listOf(f.tindakan),
    });
    return c.json({
      success: true,
      message: SAVED,
      data: { visit: res.visit, examination: { ...res.examination, _version: res.version } },
    });
  });

  api.post("/discharge-patient/update", async (c) => {
    const f = await readForm(c);
    const row = await discharge(c.get("store"), registry, textFields(f), {
      summary_diagnosis: listOf(f.summary_diagnosis),
      summary_tindakan: listOf(f.summary_tindakan),
    });
    return c.json({ success: true, message: "Pasien berhasil dipulangkan.", data: stayJson(row) });
  });

  api.get("/:pasienId/check-readmisi", async (c) => {
    const raw = params(c).get("date")?.trim();
    const at = raw ? parseDateTime(raw) : new Date().toISOString();
    if (!at) throw badRequest("Tanggal masuk tidak valid (YYYY-MM-DD HH:mm).");
    const exclude = params(c).get("id") ?? "";
    const r = await readmissionOf(c.get("store"), c.req.param("pasienId"), at, exclude);
    return c.json({ readmisi: r.readmisi, previous: r.previous, dirawat: !!r.open });
  });

  api.get(
    "/:id/details",
    async (c) => c.json(await examTable(c.get("store"), c.req.param("id"), params(c))),
  );

  api.delete("/:ipdId/details/:detailId", async (c) => {
    const visit = await deleteExam(c.get("store"), c.req.param("ipdId"), c.req.param("detailId"));
    return c.json({ success: true, message: "Pemeriksaan berhasil dihapus.", data: visit });
  });

  api.get(
    "/:id/get-summary-icd",
    async (c) => c.json(await summaryOf(c.get("store"), c.req.param("id"))),
  );

  api.post("/:id/cancel-discharge", async (c) => {
    await cancelDischarge(c.get("store"), c.req.param("id"));
    return c.json({ success: true, message: "Status Kepulangan pasien sudah dibatalkan." });
  });

  api.get(
    "/:id",
    async (c) => c.json({ data: stayJson(await getVisit(c.get("store"), c.req.param("id"))) }),
  );

  api.delete("/:id", async (c) => {
    await deleteVisit(c.get("store"), c.req.param("id"));
    return c.json({ success: true, message: "Data berhasil dihapus." });
  });

  return api;
}
