import type { ExportColumn } from "../resource/xlsx_export.ts";
import { streamXlsx } from "../resource/xlsx_stream.ts";
import { hospitalDay } from "../hospital_time.ts";
import { CLAIM_STATUSES } from "./claim_store.ts";
import type { KlaimRow } from "./columns.ts";
import { ruleTitle } from "./rule_list.ts";

const COLUMNS: ExportColumn<KlaimRow>[] = [
  { title: "No. ERM", type: "text", value: (r) => r.pasien.erm },
  { title: "Nama Pasien", type: "text", value: (r) => r.pasien.fullname, width: 28 },
  { title: "DPJP", type: "text", value: (r) => r.dpjp?.fullname, width: 24 },
  { title: "Ruang", type: "text", value: (r) => r.room?.name, width: 16 },
  { title: "Tanggal Pulang", type: "datetime", value: (r) => r.tanggal_pulang, width: 17 },
  {
    title: "Kelengkapan",
    type: "text",
    value: (r) => r.ready ? "Siap" : "Perlu perbaikan",
    width: 16,
  },
  { title: "Temuan Blok", type: "number", value: (r) => r.blok },
  { title: "Temuan Peringatan", type: "number", value: (r) => r.peringatan },
  { title: "Aturan", type: "text", value: (r) => r.rules.map(ruleTitle).join("; "), width: 40 },
  { title: "Kode Aturan", type: "text", value: (r) => r.rules.join(", "), width: 30 },
  { title: "SEP", type: "text", value: (r) => r.sep, width: 20 },
  { title: "Status Klaim", type: "text", value: (r) => CLAIM_STATUSES[r.status], width: 16 },
  { title: "Alasan", type: "text", value: (r) => r.reason, width: 30 },
  { title: "INA-CBG Dipilih Petugas", type: "text", value: (r) => r.inacbgApp, width: 14 },
  { title: "Tarif Dipilih Petugas", type: "money", value: (r) => r.tarifApp, width: 16 },
  { title: "INA-CBG E-Klaim", type: "text", value: (r) => r.inacbgFinal, width: 14 },
  { title: "Tarif E-Klaim", type: "money", value: (r) => r.tarifFinal, width: 16 },
  { title: "Sumber Paket", type: "text", value: (r) => r.sumber, width: 18 },
  { title: "Disetujui", type: "money", value: (r) => r.approved, width: 16 },
  { title: "Dibayar", type: "money", value: (r) => r.paid, width: 16 },
  { title: "Tanggal Bayar", type: "date", value: (r) => r.paidDate, width: 12 },
];

/** The Klaim list's export: the file name (today's hospital date) and the .xlsx as a stream. */
export function exportKlaim(rows: KlaimRow[], now = new Date()) {
  return {
    filename: `klaim-${hospitalDay(now)}.xlsx`,
    body: streamXlsx(COLUMNS, rows, "Klaim"),
  };
}
