import ipdDef from "../ipd/resource.ts";
import { listQuery } from "../ipd/list.ts";
import { visitsOf } from "../ipd/stay.ts";
import type { Visit } from "../ipd/model.ts";
import { packageOf } from "../ipd/package.ts";
import { parseTableRequest, tableAnswer } from "../resource/datatables.ts";
import type { Registry } from "../resource/refs.ts";
import type { Doc } from "../index/doc.ts";
import type { Store } from "../db/store.ts";
import { badRequest } from "../errors.ts";
import { type Claim, CLAIM_STATUSES, claimsOf } from "./claim_store.ts";
import { CLAIM_RULES, claimContext, claimStayOf } from "./readiness.ts";
import { claimChecks, readinessBuilt } from "./checks.ts";
import { claimMask, maskCount, maskReady, maskRules, ruleBit, UNCHECKED } from "./mask.ts";
import { KLAIM_COLUMNS, type KlaimRow } from "./columns.ts";

const ORDERABLE = KLAIM_COLUMNS.filter((c) => c.orderable !== false).map((c) => c.data);

/** What a list needs besides the stays: each stay's readiness mask and claim (kept in memory). */
async function lookups(store: Store, registry: Registry) {
  const [checks, claims] = await Promise.all([
    claimChecks(store, registry),
    claimsOf(store).index(),
  ]);
  const mask = (id: string) => checks.get(id)?.mask ?? UNCHECKED;
  const claim = (id: string) => claims.get(id)?.value ?? null;
  return { mask, claim, row: (v: Visit) => klaimRow(v, mask(v._id), claim(v._id)) };
}

type Lookups = Awaited<ReturnType<typeof lookups>>;

/** The Klaim list's query: the discharge list's and its own filters (400 for an unknown value). */
function klaimQuery(params: URLSearchParams, look: Lookups) {
  const base = listQuery(params, "pulang");
  const rule = params.get("ruleFilter")?.trim() ?? "";
  if (rule && !CLAIM_RULES.some((r) => r.rule === rule)) {
    throw badRequest(`Filter aturan "${rule}" tidak dikenal.`);
  }
  const status = params.get("klaimStatus")?.trim() ?? "";
  if (status && !(status in CLAIM_STATUSES)) {
    throw badRequest(`Filter status klaim "${status}" tidak dikenal.`);
  }
  const ready = params.get("readyFilter")?.trim() ?? "";
  if (ready && ready !== "siap" && ready !== "perbaikan") {
    throw badRequest('Filter kelengkapan harus "siap" atau "perbaikan".');
  }
  const tests: ((d: Doc) => boolean)[] = [];
  if (base.filter) tests.push(base.filter);
  if (ready) tests.push((d) => maskReady(look.mask(d._id)) === (ready === "siap"));
  if (rule) tests.push((d) => (look.mask(d._id) & ruleBit(rule)) !== 0);
  if (status) tests.push((d) => (look.claim(d._id)?.status ?? "belum") === status);
  return {
    ...base,
    filter: tests.length ? (d: Doc) => tests.every((t) => t(d)) : undefined,
  };
}

/** A stay as a row of the Klaim list: readiness, claim, the ward's package against E-Klaim's. */
function klaimRow(v: Visit, mask: number, claim: Claim | null): KlaimRow {
  const pkg = packageOf(v);
  return {
    _id: v._id,
    pasien: { fullname: v.pasien?.fullname ?? "", erm: v.pasien?.erm ?? "" },
    dpjp: v.dpjp ?? null,
    room: v.room ?? null,
    tanggal_pulang: v.tanggal_pulang,
    ready: maskReady(mask),
    blok: maskCount(mask, "blok"),
    peringatan: maskCount(mask, "peringatan"),
    rules: maskRules(mask),
    status: claim?.status ?? "belum",
    sep: claim?.sep ?? "",
    reason: claim?.reason ?? "",
    approved: claim?.approved ?? null,
    paid: claim?.paid ?? null,
    paidDate: claim?.paidDate ?? null,
    inacbgApp: pkg.assumed.code,
    tarifApp: pkg.assumed.tariff,
    inacbgFinal: claim?.eklaim.inacbg ?? null,
    tarifFinal: claim?.eklaim.tarif ?? null,
    sumber: pkg.source,
  };
}

function run(params: URLSearchParams, look: Lookups) {
  const req = parseTableRequest(params, {
    search: ipdDef.search,
    order: ORDERABLE,
    pageSize: 100,
  });
  if (!params.has("order[0][column]")) req.query.order = [{ field: "tanggal_pulang", dir: "desc" }];
  return { req, query: { ...req.query, searchFields: ipdDef.search, ...klaimQuery(params, look) } };
}

/** The DataTables answer of the Klaim list (`GET /api/klaim`), from the in-memory indexes only. */
export async function klaimTable(store: Store, registry: Registry, params: URLSearchParams) {
  const [look, index] = await Promise.all([lookups(store, registry), visitsOf(store).index()]);
  const { req, query } = run(params, look);
  const res = index.query(query);
  return tableAnswer(req.draw, res, res.rows.map((r) => look.row(r.value)));
}

/** Every row of a filtered Klaim list in its order (for the export), at most 100 000. */
export async function klaimRows(
  store: Store,
  registry: Registry,
  params: URLSearchParams,
): Promise<KlaimRow[]> {
  const [look, index] = await Promise.all([lookups(store, registry), visitsOf(store).index()]);
  const { query } = run(params, look);
  return index.query({ ...query, start: 0, length: 100_000 }).rows.map((r) => look.row(r.value));
}

/** The dashboard's counters: the period's stays ready to claim and needing a fix. */
export async function readinessCounts(
  store: Store,
  registry: Registry,
  period: { from: string; to: string },
): Promise<{ siap: number; perbaikan: number }> {
  const index = await visitsOf(store).index();
  const params = new URLSearchParams({ dateRange: `${period.from} / ${period.to}` });
  const all = index.query({ ...listQuery(params, "pulang"), start: 0, length: -1 });
  let mask: (v: Visit) => number;
  if (readinessBuilt(store)) {
    const look = await lookups(store, registry);
    mask = (v) => look.mask(v._id);
  } else {
    const ctx = await claimContext(store, registry);
    mask = (v) => claimMask(claimStayOf(v), ctx);
  }
  let siap = 0;
  for (const r of all.rows) if (maskReady(mask(r.value))) siap++;
  return { siap, perbaikan: all.rows.length - siap };
}
