import { hospitalDay } from "../hospital_time.ts";
import type { Row } from "../index/index.ts";
import type { Store } from "../db/store.ts";
import type { Visit } from "../ipd/model.ts";
import { examOrder } from "../ipd/rules.ts";
import { examsOf } from "../ipd/stay.ts";
import { packageOf } from "../ipd/package.ts";

/** The stay a row was matched to, as the reconciliation lists it. */
export interface StayRef {
  ipdId: string;
  pasien: string;
  erm: string;
  /** Admission and discharge days in the hospital's zone, `YYYY-MM-DD` (discharge: null open). */
  masuk: string;
  pulang: string | null;
}

/** A group as chosen: the INA-CBG code and its tariff. */
export interface Grouping {
  code: string;
  tariff: number;
}

/** An MRN as matched: trimmed, any case. */
export const mrnKey = (s: string | undefined) => (s ?? "").trim().toUpperCase();

/** A stay as the reconciliation lists it. */
export function stayRef(v: Visit): StayRef {
  return {
    ipdId: v._id,
    pasien: v.pasien?.fullname ?? "",
    erm: v.pasien?.erm ?? "",
    masuk: hospitalDay(v.visitDate),
    pulang: v.tanggal_pulang ? hospitalDay(v.tanggal_pulang) : null,
  };
}

/** The patient's stay a row is for: admitted on its admission day, else holding its discharge. */
export function matchStay(
  stays: Visit[],
  row: { admission: string; discharge: string },
): Visit | undefined {
  return stays.find((v) => hospitalDay(v.visitDate) === row.admission) ??
    stays.find((v) =>
      hospitalDay(v.visitDate) <= row.discharge &&
      (!v.tanggal_pulang || hospitalDay(v.tanggal_pulang) >= row.discharge)
    );
}

/** The app's last INA-CBG pick of each stay of `whole` (older stays: from their examinations). */
export async function lastGroupings(
  store: Store,
  whole: Row<Visit>[],
): Promise<Map<string, Grouping>> {
  const out = new Map<string, Grouping>();
  const older: Visit[] = [];
  for (const { value: v } of whole) {
    if (v.inacbg === undefined) older.push(v);
    else {
      const { code, tariff } = packageOf(v).assumed;
      if (code) out.set(v._id, { code, tariff });
    }
  }
  const exams = await examsOf(store).findMany(older.flatMap((v) => v.ipddetails ?? []));
  const byStay = Map.groupBy(exams.map((r) => r.value), (e) => e.ipdId);
  for (const [id, list] of byStay) {
    const last = examOrder(list).findLast((e) => e.grouping);
    if (last) out.set(id, { code: last.grouping!.kode_inacbg, tariff: last.tarif_ina });
  }
  return out;
}

/** The discharged stays of `period` (hospital days) with no claim, by discharge. */
export function unclaimedOf(
  stays: Visit[],
  claimed: Set<string>,
  period: { from: string; to: string },
): (StayRef & { dpjp: string })[] {
  const unclaimed: (StayRef & { dpjp: string })[] = [];
  for (const v of stays) {
    if (v.status !== "pulang" || !v.tanggal_pulang || claimed.has(v._id)) continue;
    const day = hospitalDay(v.tanggal_pulang);
    if (day >= period.from && day <= period.to) {
      unclaimed.push({ ...stayRef(v), dpjp: v.dpjp?.fullname ?? "" });
    }
  }
  return unclaimed.sort((a, b) => (a.pulang! < b.pulang! ? -1 : a.pulang! > b.pulang! ? 1 : 0));
}
