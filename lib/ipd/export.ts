import type { IcdItem, Visit } from "./model.ts";
import { hospitalDay } from "../hospital_time.ts";
import { lengthOfStay, percentCell } from "./rules.ts";
import type { ListMode } from "./list.ts";
import type { Row } from "../index/index.ts";
import type { ExportColumn } from "../resource/xlsx_export.ts";
import { streamXlsx } from "../resource/xlsx_stream.ts";
import { READMISSION_REASONS } from "./model.ts";
import type { Store } from "../db/store.ts";
import { visitsOf } from "./stay.ts";
import {
  CARA_MASUK,
  claimFieldsOf,
  KELAS_RAWAT,
  UPGRADE_CLASSES,
  UPGRADE_PAYORS,
} from "./claim_codes.ts";
import { BILL_CATEGORIES, type BillKey, stayBreakdown } from "./bill.ts";
import { packageOf } from "./package.ts";

const codes = (list: IcdItem[]) => list.map((i) => `${i.code} - ${i.desc}`).join("; ");

/**
 * The package's columns: the group in force and its source ('E-Klaim 5.10.7' or 'dipilih
 * petugas', `packageOf`), and what the ward picked in the app.
 */
function packageColumns(): ExportColumn<Visit>[] {
  const p = (v: Visit) => packageOf(v);
  return [
    { title: "INA-CBG", type: "text", value: (v) => p(v).code, width: 14 },
    { title: "Sumber Paket", type: "text", value: (v) => p(v).source, width: 18 },
    { title: "INA-CBG Dipilih Petugas", type: "text", value: (v) => p(v).assumed.code, width: 14 },
    { title: "Tarif Dipilih Petugas", type: "money", value: (v) => p(v).assumed.tariff, width: 16 },
  ];
}

/** The claim data's columns (a stay written before them: empty, 0 ICU days). */
function claimColumns(): ExportColumn<Visit>[] {
  const c = (v: Visit) => claimFieldsOf(v);
  const label = (list: Record<string, string>, k: string) => list[k] ?? k;
  return [
    { title: "No. SEP", type: "text", value: (v) => c(v).nomor_sep, width: 22 },
    { title: "Hak Kelas", type: "text", value: (v) => label(KELAS_RAWAT, c(v).kelas_rawat) },
    {
      title: "Cara Masuk",
      type: "text",
      value: (v) => label(CARA_MASUK, c(v).cara_masuk),
      width: 20,
    },
    { title: "ICU (Hari)", type: "number", value: (v) => c(v).icu_los },
    {
      title: "Naik Kelas",
      type: "text",
      value: (v) => label(UPGRADE_CLASSES, c(v).upgrade_class_class),
      width: 18,
    },
    { title: "Lama Naik Kelas (Hari)", type: "number", value: (v) => c(v).upgrade_class_los },
    {
      title: "Pembayar Naik Kelas",
      type: "text",
      value: (v) => label(UPGRADE_PAYORS, c(v).upgrade_class_payor),
      width: 22,
    },
    { title: "Tambahan Biaya VIP (%)", type: "number", value: (v) => c(v).add_payment_pct },
  ];
}

/**
 * The columns of both list exports (the discharged one adds discharge and summary); before
 * `Total INA-CBG` the package in force with its source; after `Total RS` its breakdown, a column per E-Klaim category (blank where it holds nothing; a stay
 * without one has its total in `category`).
 */
function columns(mode: ListMode, now: Date, category: BillKey): ExportColumn<Visit>[] {
  const cols: (ExportColumn<Visit> | false)[] = [
    { title: "No. ERM", type: "text", value: (v) => v.pasien?.erm },
    { title: "Nama Pasien", type: "text", value: (v) => v.pasien?.fullname, width: 28 },
    { title: "Tanggal Masuk", type: "datetime", value: (v) => v.visitDate, width: 17 },
    mode === "pulang" &&
    { title: "Tanggal Pulang", type: "datetime", value: (v) => v.tanggal_pulang, width: 17 },
    { title: "Indikasi Rawat", type: "text", value: (v) => v.indicationranap?.desc, width: 24 },
    { title: "Diagnosis Awal", type: "text", value: (v) => v.diagnosis_awal, width: 24 },
    { title: "Ruang", type: "text", value: (v) => v.room?.name, width: 16 },
    { title: "DPJP", type: "text", value: (v) => v.dpjp?.fullname, width: 24 },
    { title: "Readmisi", type: "text", value: (v) => v.readmisi ? "Ya" : "Tidak" },
    {
      title: "Alasan Readmisi",
      type: "text",
      value: (v) => READMISSION_REASONS[v.readmisi_reason] ?? v.readmisi_reason,
      width: 24,
    },
    ...packageColumns(),
    { title: "Total INA-CBG", type: "money", value: (v) => v.tarifInaTotal, width: 16 },
    { title: "Total RS", type: "money", value: (v) => v.tarifRsTotal, width: 16 },
    ...BILL_CATEGORIES.map(([k, label]): ExportColumn<Visit> => ({
      title: `RS ${label}`,
      type: "money",
      value: (v) => stayBreakdown(v, category)[k] || null,
      width: 14,
    })),
    { title: "Analisa (%)", type: "percent", value: (v) => percentCell(v.percentageTotal) },
    {
      title: "Lama Rawat (Hari)",
      type: "number",
      value: (v) => lengthOfStay(v.visitDate, v.tanggal_pulang, now),
    },
    ...claimColumns(),
    mode === "pulang" &&
    { title: "Cara Pulang", type: "text", value: (v) => v.dischargepatient?.desc, width: 20 },
    mode === "pulang" &&
    { title: "Diagnosa", type: "text", value: (v) => codes(v.summary_diagnosis), width: 40 },
    mode === "pulang" &&
    { title: "Tindakan", type: "text", value: (v) => codes(v.summary_tindakan), width: 40 },
  ];
  return cols.filter((c): c is ExportColumn<Visit> => !!c);
}

/**
 * A list export: the file name (with today's Jakarta date) and the .xlsx as a stream, written
 * a few hundred rows at a time (memory stays bounded whatever the row count). `category`: the
 * settings' (`billCategory`), where a stay has no breakdown.
 */
export function exportStays(store: Store, rows: Row<Visit>[], mode: ListMode, category: BillKey) {
  const now = new Date();
  const col = visitsOf(store);
  const name = mode === "pulang" ? "pasien-pulang" : "kunjungan-rawat-inap";
  return {
    filename: `${name}-${hospitalDay(now)}.xlsx`,
    body: streamXlsx(
      columns(mode, now, category),
      rows.map((r) => r.value),
      mode === "pulang" ? "Pasien Pulang" : "Rawat Inap",
      // the index keeps slim stays: each chunk's whole stays are read from KV as it is written
      async (part) =>
        (await col.full(part.map((value) => ({ value, versionstamp: "" })))).map((r) => r.value),
    ),
  };
}
