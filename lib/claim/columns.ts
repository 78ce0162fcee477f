/** The Klaim list's columns, filters and wording: free of server imports (page, island, API). */
import type { ColumnDef } from "../resource/resource.ts";
import type { ClaimStatus } from "./claim_store.ts";

/** The statuses as the Klaim page names them (lower case as the casemix team says them). */
export const STATUS_TEXT: Record<ClaimStatus, string> = {
  belum: "belum",
  final: "final",
  terkirim: "terkirim",
  pending: "pending",
  dispute: "dispute",
  layak: "layak",
  dibayar: "dibayar",
};

/** The filters the Klaim page reads from its query string and sends with every request. */
export const KLAIM_FILTER_KEYS = [
  "dateRange",
  "dpjpFilter",
  "roomFilter",
  "ruleFilter",
  "klaimStatus",
  "readyFilter",
] as const;

export type KlaimFilters = Partial<Record<(typeof KLAIM_FILTER_KEYS)[number], string>>;

/** Rows per page. */
export const KLAIM_PAGE = 100;

/** The list's columns (the API orders by these data names); the latest discharge first. */
export const KLAIM_COLUMNS: ColumnDef[] = [
  { data: "pasien.fullname", title: "Pasien" },
  { data: "pasien.erm", title: "No. ERM" },
  { data: "dpjp.fullname", title: "DPJP" },
  { data: "room.name", title: "Ruang" },
  { data: "tanggal_pulang", title: "Tanggal Pulang", format: "datetime" },
  { data: "ready", title: "Kelengkapan", orderable: false, searchable: false },
  { data: "status", title: "Status Klaim", orderable: false, searchable: false },
  { data: "inacbg", title: "INA-CBG Petugas / E-Klaim", orderable: false, searchable: false },
];

/** Index of the discharge column: the default order, latest first. */
export const KLAIM_ORDER: [number, "asc" | "desc"] = [4, "desc"];

/** A row of the Klaim list as the API sends it. */
export interface KlaimRow {
  [k: string]: unknown;
  _id: string;
  pasien: { fullname: string; erm: string };
  dpjp: { _id: string; fullname: string } | null;
  room: { _id: string; name: string } | null;
  tanggal_pulang: string | null;
  ready: boolean;
  /** Findings that stop the claim (`blok`) and that ask for review (`peringatan`). */
  blok: number;
  peringatan: number;
  /** The rule codes of its findings. */
  rules: string[];
  status: ClaimStatus;
  sep: string;
  reason: string;
  approved: number | null;
  paid: number | null;
  paidDate: string | null;
  /** The package the app picked (the ward's), and E-Klaim's group (null before any). */
  inacbgApp: string | null;
  tarifApp: number;
  inacbgFinal: string | null;
  tarifFinal: number | null;
  /** Where the package in force comes from: 'E-Klaim 5.10.7' or 'dipilih petugas'. */
  sumber: string;
}

/** The link to the Klaim list with `filters` (the dashboard's counters). */
export function klaimLink(filters: KlaimFilters): string {
  const q = Object.entries(filters).filter(([, v]) => v)
    .map(([k, v]) => `${k}=${encodeURIComponent(v!).replaceAll("%2F", "/")}`).join("&");
  return q ? `/klaim?${q}` : "/klaim";
}

/** The browser event the Klaim page's imports send once claims changed (the list reloads). */
export const CLAIMS_CHANGED = "klaim:changed";

/** The browser event a Klaim row's 'E-Klaim' button sends (`{id, name}`): its claim opens. */
export const EKLAIM_OPEN = "klaim:eklaim";
