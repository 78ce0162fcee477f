import type { ColumnDef } from "../resource/resource.ts";
import type { Visit } from "./model.ts";

/** A stay as the lists send it (`examCount` instead of `ipddetails`) or as one is read. */
export type VisitRow = Visit & { _version: string; lama_rawat: number; examCount?: number };

/** Which list: stays still admitted (`/ipd`) or discharged (`/discharge-patient`). */
export type ListMode = "dirawat" | "pulang";

/** The filters a list page reads from its own query string and sends with every request. */
export const FILTER_KEYS = [
  "roomFilter",
  "durationFilter",
  "dateRange",
  "analysisFilter",
  "readmisiFilter",
  "dpjpFilter",
  "icdFilter",
  "statusFilter",
] as const;

export type Filters = Partial<Record<(typeof FILTER_KEYS)[number], string>>;

/** Rows per page of both lists. */
export const LIST_PAGE = 100;

const money = (data: string, title: string): ColumnDef => ({ data, title, format: "money" });
const tail: ColumnDef[] = [
  money("tarifInaTotal", "Total INA-CBG"),
  money("tarifRsTotal", "Total RS"),
  { data: "percentageTotal", title: "Analisa", align: "right" },
  { data: "room.name", title: "Ruang" },
  { data: "lama_rawat", title: "Lama Rawat", orderable: false, searchable: false },
];

/** Columns of the visit list (the API orders by these data names). */
export const VISIT_COLUMNS: ColumnDef[] = [
  { data: "pasien.fullname", title: "Pasien" },
  { data: "visitDate", title: "Tanggal Masuk", format: "datetime" },
  { data: "indicationranap.desc", title: "Indikasi Rawat" },
  ...tail,
];

/** Columns of the discharged list. */
export const DISCHARGE_COLUMNS: ColumnDef[] = [
  { data: "pasien.fullname", title: "Pasien" },
  { data: "summary_diagnosis", title: "Diagnosa", orderable: false, searchable: false },
  { data: "summary_tindakan", title: "Tindakan", orderable: false, searchable: false },
  { data: "visitDate", title: "Tanggal Masuk", format: "datetime" },
  { data: "tanggal_pulang", title: "Tanggal Pulang", format: "datetime" },
  ...tail,
];

/** Columns of a stay's examinations. */
export const EXAM_COLUMNS: ColumnDef[] = [
  { data: "examinationDate", title: "Tanggal", format: "datetime" },
  { data: "subject", title: "SOAP", orderable: false },
  { data: "keyword", title: "Monitoring Keyword", orderable: false, searchable: false },
  { data: "tarif_ina", title: "Tarif INA-CBG", format: "money" },
  { data: "tarif_rs", title: "Tarif RS", format: "money" },
  { data: "percentage", title: "Analisa", align: "right" },
];

/** The list API and export of each mode. */
export const LIST_API: Record<ListMode, { api: string; file: string }> = {
  dirawat: { api: "/api/ipd", file: "/api/ipd/export-ipd-data" },
  pulang: { api: "/api/ipd/discharge-patient", file: "/api/ipd/export-ipd-discharge-data" },
};

/** The filters present in a query string, in the order of `FILTER_KEYS`. */
export function filtersOf(q: URLSearchParams | Record<string, string | undefined>): Filters {
  const get = (k: string) => q instanceof URLSearchParams ? q.get(k) : q[k];
  const out: Filters = {};
  for (const k of FILTER_KEYS) {
    const v = get(k)?.trim();
    if (v) out[k] = v;
  }
  return out;
}
