import { type IcdItem, READMISSION_REASONS, type Visit } from "./model.ts";
import { hospitalDay } from "../hospital_time.ts";
import { lengthOfStay, percentCell } from "./rules.ts";
import type { ListMode } from "./list.ts";
import type { Row } from "../index/index.ts";
import type { ExportColumn } from "../resource/xlsx_export.ts";
import { streamXlsx } from "../resource/xlsx_stream.ts";
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

type Column = ExportColumn<Visit>;
const column = (type: Column["type"]) => (title: string, value: Column["value"], width?: number) =>
  ({ title, type, value, width }) as Column;
const [text, number, money] = [column("text"), column("number"), column("money")];

const codes = (list: IcdItem[]) => list.map((i) => `${i.code} - ${i.desc}`).join("; ");
const label = (list: Record<string, string>, k: string) => list[k] ?? k;

/** The columns of both list exports (the discharged one adds discharge and summary). */
function columns(mode: ListMode, now: Date, category: BillKey): Column[] {
  const p = (v: Visit) => packageOf(v);
  const c = (v: Visit) => claimFieldsOf(v);
  const out = mode === "pulang";
  const cols: (Column | false)[] = [
    text("No. ERM", (v) => v.pasien?.erm),
    text("Nama Pasien", (v) => v.pasien?.fullname, 28),
    column("datetime")("Tanggal Masuk", (v) => v.visitDate, 17),
    out && column("datetime")("Tanggal Pulang", (v) => v.tanggal_pulang, 17),
    text("Indikasi Rawat", (v) => v.indicationranap?.desc, 24),
    text("Diagnosis Awal", (v) => v.diagnosis_awal, 24),
    text("Ruang", (v) => v.room?.name, 16),
    text("DPJP", (v) => v.dpjp?.fullname, 24),
    text("Readmisi", (v) => v.readmisi ? "Ya" : "Tidak"),
    text("Alasan Readmisi", (v) => label(READMISSION_REASONS, v.readmisi_reason), 24),
    text("INA-CBG", (v) => p(v).code, 14),
    text("Sumber Paket", (v) => p(v).source, 18),
    text("INA-CBG Dipilih Petugas", (v) => p(v).assumed.code, 14),
    money("Tarif Dipilih Petugas", (v) => p(v).assumed.tariff, 16),
    money("Total INA-CBG", (v) => v.tarifInaTotal, 16),
    money("Total RS", (v) => v.tarifRsTotal, 16),
    ...BILL_CATEGORIES.map(([k, name]) =>
      money(`RS ${name}`, (v) => stayBreakdown(v, category)[k] || null, 14)
    ),
    column("percent")("Analisa (%)", (v) => percentCell(v.percentageTotal)),
    number("Lama Rawat (Hari)", (v) => lengthOfStay(v.visitDate, v.tanggal_pulang, now)),
    text("No. SEP", (v) => c(v).nomor_sep, 22),
    text("Hak Kelas", (v) => label(KELAS_RAWAT, c(v).kelas_rawat)),
    text("Cara Masuk", (v) => label(CARA_MASUK, c(v).cara_masuk), 20),
    number("ICU (Hari)", (v) => c(v).icu_los),
    text("Naik Kelas", (v) => label(UPGRADE_CLASSES, c(v).upgrade_class_class), 18),
    number("Lama Naik Kelas (Hari)", (v) => c(v).upgrade_class_los),
    text("Pembayar Naik Kelas", (v) => label(UPGRADE_PAYORS, c(v).upgrade_class_payor), 22),
    number("Tambahan Biaya VIP (%)", (v) => c(v).add_payment_pct),
    out && text("Cara Pulang", (v) => v.dischargepatient?.desc, 20),
    out && text("Diagnosa", (v) => codes(v.summary_diagnosis), 40),
    out && text("Tindakan", (v) => codes(v.summary_tindakan), 40),
  ];
  return cols.filter((c): c is Column => !!c);
}

/** A list export: its file name and .xlsx stream; `category` for stays without a breakdown. */
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
