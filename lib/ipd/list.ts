import ipdDef from "./resource.ts";
import { DISCHARGE_COLUMNS, type ListMode, VISIT_COLUMNS } from "./columns.ts";
import { parseTableRequest, tableAnswer } from "../resource/datatables.ts";
import { badRequest } from "../errors.ts";
import { getVisit, visitExams, visitsOf } from "./stay.ts";
import { claimFieldsOf } from "./claim_codes.ts";
import type { Examination, Visit } from "./model.ts";
import { dayOfHour, hospitalDayNumber, hospitalZone, hourOfDay } from "../hospital_time.ts";
import { durationBounds, durationFilter, parseDateRange, rangeDays } from "./filters.ts";
import { lengthOfStay, STAY_NUMBER } from "./rules.ts";
import { keywordHit } from "./keywords.ts";
import type { Doc, Query, Row } from "../index/index.ts";
import type { Store } from "../db/store.ts";
import { nextTurn } from "../runtime/turn.ts";
import { breakdownJson } from "./bill.ts";
import { billCategory } from "./bill_setting.ts";
import { packageOf } from "./package.ts";

export type { ListMode };

function guard<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof RangeError) throw badRequest(e.message);
    throw e;
  }
}

/**
 * The query of a list's filters: status, room and DPJP grouped; date range (admission for `/ipd`,
 * else discharge), length of stay, analysis and readmission on `stayNumbers`; ICD a predicate.
 */
export function listQuery(
  params: URLSearchParams,
  mode: ListMode,
  now = new Date(),
): Pick<Query, "where" | "viewFields" | "filter" | "numeric" | "numericKey"> {
  const where: Record<string, string> = {};
  const all = mode === "dirawat" && params.get("statusFilter") === "semua";
  if (!all) where.status = mode;
  const room = params.get("roomFilter")?.trim();
  if (room) where["room._id"] = room;
  const duration = guard(() => durationFilter(params.get("durationFilter")));
  const range = guard(() => parseDateRange(params.get("dateRange")));
  const analysis = params.get("analysisFilter")?.trim() ?? "";
  if (analysis && analysis !== "negative" && analysis !== "positive") {
    throw badRequest('Filter analisa harus "negative" atau "positive".');
  }
  const readmisi = ["1", "true", "ya"].includes(params.get("readmisiFilter") ?? "");
  const dpjp = params.get("dpjpFilter")?.trim() ?? "";
  if (dpjp) where["dpjp._id"] = dpjp;
  const icd = params.get("icdFilter")?.trim().toUpperCase() ?? "";
  const { admitHour, dischargeHour, percentage } = STAY_NUMBER;
  const tests: ((c: Float64Array[], k: number) => boolean)[] = [];
  // what the tests test, as text: their hits are kept (lib/index/filter_bits.ts)
  const keys: string[] = [];
  if (range) {
    const [from, to] = rangeDays(range).map((d) => hourOfDay(d));
    const at = mode === "pulang" ? dischargeHour : admitHour;
    keys.push(`range:${at}:${from}:${to}`);
    tests.push((c, k) => c[at][k] >= from && c[at][k] < to + 24);
  }
  if (duration) {
    const [lo, hi] = durationBounds(duration);
    const zone = hospitalZone();
    const today = hospitalDayNumber(now, zone);
    keys.push(`lama:${lo}:${hi}:${today}:${zone}`);
    tests.push((c, k) => {
      const out = c[dischargeHour][k];
      const days = Math.max(
        1,
        (Number.isNaN(out) ? today : dayOfHour(out, zone)) - dayOfHour(c[admitHour][k], zone),
      );
      return days >= lo && days <= hi;
    });
  }
  if (analysis) keys.push(`analisa:${analysis}`);
  if (analysis === "negative") tests.push((c, k) => c[percentage][k] < 0);
  if (analysis === "positive") tests.push((c, k) => c[percentage][k] >= 0);
  if (readmisi) keys.push("readmisi"), tests.push((c, k) => c[STAY_NUMBER.readmisi][k] === 1);
  return {
    where,
    // one view per status and order; a room or a doctor is a mark over it
    viewFields: ["status"],
    numeric: tests.length < 2 ? tests[0] : (c, k) => {
      for (let i = 0; i < tests.length; i++) if (!tests[i](c, k)) return false;
      return true;
    },
    numericKey: keys.join("|"),
    filter: icd
      ? (d: Doc) =>
        (d as Visit).codes10.some((c) => c.toUpperCase() === icd) ||
        (d as Visit).codes9.some((c) => c === icd)
      : undefined,
  };
}

/** A stay as sent: with its version, claim defaults, length of stay and `paket` (`packageOf`). */
export function stayJson(r: Row<Visit>, now = new Date()): Record<string, unknown> {
  // the index's own codes of the summary (a stay kept whole in memory holds them) are not sent
  const { openPasien: _, summary10: _d, summary9: _t, ...v } = r.value;
  return {
    ...v,
    // a stay written before the claim data was recorded answers its defaults
    ...claimFieldsOf(v),
    paket: packageOf(v),
    _version: r.versionstamp,
    lama_rawat: lengthOfStay(v.visitDate, v.tanggal_pulang, now),
  };
}

/** A stay as a list row: `stayJson` with `examCount` for its ids, without its breakdown. */
function listJson(r: Row<Visit>, now: Date): Record<string, unknown> {
  const { ipddetails, tarif_rs_rincian: _, ...v } = stayJson(r, now);
  return { ...v, examCount: (ipddetails as string[] | undefined)?.length ?? 0 };
}

/** The data names a list orders by. */
const orderOf = (mode: ListMode) =>
  (mode === "pulang" ? DISCHARGE_COLUMNS : VISIT_COLUMNS).filter((c) => c.orderable !== false)
    .map((c) => c.data);

/** A list's request, ordered by its mode's orderable columns. */
const listRequest = (params: URLSearchParams, mode: ListMode, pageSize: number) =>
  parseTableRequest(params, { search: ipdDef.search, order: orderOf(mode), pageSize });

/** The DataTables answer of a list (`/api/ipd` or `/api/ipd/discharge-patient`). */
export async function ipdTable(store: Store, params: URLSearchParams, mode: ListMode) {
  const req = listRequest(params, mode, 100);
  const now = new Date();
  const col = visitsOf(store);
  const filters = listQuery(params, mode, now);
  // on a first start the admitted list answers before every stay is read (`subset`)
  const res = await col.query({ ...req.query, searchFields: ipdDef.search, ...filters });
  return tableAnswer(req.draw, res, (await col.full(res.rows)).map((r) => listJson(r, now)));
}

/** Builds both lists' cached orderings, a view after each `quiet()` (first requests sort none). */
export async function warmListOrders(
  store: Store,
  quiet: () => Promise<void> = nextTurn,
): Promise<void> {
  const index = await visitsOf(store).index();
  for (const mode of ["dirawat", "pulang"] as const) {
    for (const field of orderOf(mode)) {
      for (const dir of ["asc", "desc"] as const) {
        await quiet();
        index.query({ where: { status: mode }, order: [{ field, dir }], length: 1 });
      }
    }
  }
  await quiet();
  index.query({ order: [{ field: "visitDate", dir: "desc" }], length: 1 });
}

/** Every stay of a filtered list in order (exports), at most 100 000, as the index keeps them. */
export async function ipdRows(
  store: Store,
  params: URLSearchParams,
  mode: ListMode,
): Promise<Row<Visit>[]> {
  const limit = 100_000;
  const q = new URLSearchParams(params);
  q.set("start", "0");
  q.set("length", "-1");
  const req = listRequest(q, mode, limit);
  const res = (await visitsOf(store).index()).query({
    ...req.query,
    searchFields: ipdDef.search,
    start: 0,
    length: limit,
    ...listQuery(params, mode),
  });
  return res.rows;
}

const EXAM_ORDER = ["examinationDate", "tarif_ina", "tarif_rs", "percentage"];

/** An examination as its table sends it, with the keywords its own codes hit. */
function examJson(r: Row<Examination>): Record<string, unknown> {
  const codes = [...r.value.diagnosis, ...r.value.tindakan].map((i) => i.code);
  return {
    ...r.value,
    _version: r.versionstamp,
    keywordHits: r.value.keyword.filter((k) => keywordHit(k.kode_icd, codes)).map((k) => k._id),
  };
}

/** The DataTables answer of a stay's examinations (by date unless ordered), `breakdownJson`. */
export async function examTable(store: Store, ipdId: string, params: URLSearchParams) {
  const [visit, category] = await Promise.all([getVisit(store, ipdId), billCategory(store)]);
  const rows = await visitExams(store, visit.value); // in examination order
  const req = parseTableRequest(params, { search: [], order: EXAM_ORDER, pageSize: 100 });
  const o = req.query.order?.[0];
  if (o && o.field !== "examinationDate") {
    const n = (r: Row<Examination>) => Number(r.value[o.field as "tarif_ina"] ?? -Infinity);
    rows.sort((a, b) => n(a) - n(b));
  }
  if (o?.dir === "desc") rows.reverse();
  const s = req.query.search?.trim().toLowerCase();
  const hit = s
    ? rows.filter((r) =>
      [
        r.value.subject,
        r.value.object,
        r.value.assesment,
        r.value.plan,
        ...r.value.diagnosis.map((i) => `${i.code} ${i.desc}`),
        ...r.value.tindakan.map((i) => `${i.code} ${i.desc}`),
        ...r.value.keyword.map((k) => k.keyword),
      ].join("\n").toLowerCase().includes(s)
    )
    : rows;
  const start = req.query.start ?? 0;
  return tableAnswer(
    req.draw,
    { total: rows.length, filtered: hit.length },
    hit.slice(start, start + (req.query.length ?? 100))
      .map((r) => breakdownJson(examJson(r), category)),
  );
}
