import type { EklaimClaim } from "./eklaim.ts";
import type { FillConflict } from "./fill.ts";
import type { Grouping, StayRef } from "./match.ts";

/** Most entries each list of a reconciliation carries (the totals count them all). */
export const LIST_LIMIT = 1_000;

/** A list cut at `LIST_LIMIT`, with the full count. */
export interface Listed<T> {
  total: number;
  items: T[];
}

/** What importing an E-Klaim export did, and how it compares with the app. */
export interface Reconciliation {
  message: string;
  file: string;
  /** Inpatient rows read, outpatient rows passed over. */
  rows: number;
  outpatient: number;
  matched: number;
  created: number;
  updated: number;
  unchanged: number;
  /** The file's discharge days (inpatient rows), the period of `unclaimed`. */
  period: { from: string; to: string };
  /** Stays whose final group differs from the last grouping chosen in the app (null: none). */
  changedGroups: Listed<StayRef & { sep: string; before: Grouping | null; after: Grouping }>;
  /** E-Klaim's TARIF_RS against the app's hospital total, where they differ. */
  tariffGaps: Listed<StayRef & { sep: string; eklaim: number; app: number; selisih: number }>;
  /** Discharged stays of the period with no claim. */
  unclaimed: Listed<StayRef & { dpjp: string }>;
  /** Stays given the row's SEP, patients its NOKARTU (where theirs was empty). */
  filled: { sep: number; kartu: number };
  /** SEPs and card numbers the app records otherwise (or cannot take): reported, not written. */
  conflicts: Listed<FillConflict>;
  /** Rows that match no stay. */
  unmatched: Listed<
    & { line: number; reason: string }
    & Pick<EklaimClaim, "sep" | "mrn" | "nama" | "admission" | "discharge">
  >;
}
