import ipdDef from "./resource.ts";
import { formatDateTime } from "../format.ts";
import type { Check, Collection } from "../db/collection.ts";
import { badRequest, conflict, notFound, requireVersion, STALE_MESSAGE } from "../errors.ts";
import type { Examination, Visit } from "./model.ts";
import { examOrder, isReadmission, lengthOfStay } from "./rules.ts";
import { parseDateTime } from "../hospital_time.ts";
import { claimFieldsOf } from "./claim_codes.ts";
import { assertClaimDays, claimChange, type ClaimInput, withSep } from "./claim_fields.ts";
import type { Row } from "../index/index.ts";
import { type Registry, resolveRefs } from "../resource/refs.ts";
import { collectionOf } from "../resource/resource.ts";
import type { Store } from "../db/store.ts";
import { Tx } from "../db/tx.ts";
import { dateTimeProblem, parseOr400 } from "../resource/validate.ts";

/** The stays (`["ipd", id]`), indexed in memory for the lists and reports. */
export const visitsOf = (store: Store): Collection<Visit> => collectionOf<Visit>(store, ipdDef);

/** The examinations (`["ipd-detail", id]`), read by id from their stay's `ipddetails`. */
export const examsOf = (store: Store): Collection<Examination> =>
  store.collection<Examination>({ name: "ipd-detail" });

/** A stay by id, or 404. */
export async function getVisit(store: Store, id: string): Promise<Row<Visit>> {
  const row = await visitsOf(store).find(id);
  if (!row) throw notFound("Kunjungan rawat inap tidak ditemukan.");
  return row;
}

/** A stay's examinations, in examination order. */
export async function visitExams(store: Store, visit: Visit): Promise<Row<Examination>[]> {
  const rows = await examsOf(store).findMany(visit.ipddetails ?? []);
  const order = examOrder(rows.map((r) => r.value)).map((e) => e._id);
  return order.map((id) => rows.find((r) => r.value._id === id)!);
}

/** Checks a stay's versionstamp against the one an edit was loaded at (409 when stale or none). */
export function assertFresh(row: Row, version: string | undefined): void {
  if (requireVersion(version) !== row.versionstamp) throw conflict(STALE_MESSAGE);
}

/** A date-time field, or 400 at `field`; `futureDays` refuses instants later than that from now. */
export function dateField(
  value: string | undefined,
  label: string,
  opts: { futureDays?: number; field?: string } = {},
): string {
  const refuse = (msg: string) => {
    const e = badRequest(msg);
    return opts.field ? e.at(opts.field) : e;
  };
  const problem = dateTimeProblem(value ?? "", label);
  if (problem) throw refuse(problem);
  const at = parseDateTime(value ?? "");
  const days = opts.futureDays;
  if (at && days !== undefined && Date.parse(at) > Date.now() + days * 86_400_000) {
    throw refuse(`${label} tidak boleh lebih dari ${days} hari setelah hari ini.`);
  }
  if (!at) {
    throw refuse(`${label} wajib diisi dengan tanggal dan jam yang valid (YYYY-MM-DD HH:mm).`);
  }
  return at;
}

/** The stay among `stays` discharged last at or before `visitDate` (an admission), if any. */
export function previousStay(stays: Visit[], visitDate: string): Visit | undefined {
  let prev: Visit | undefined;
  for (const v of stays) {
    if (v.tanggal_pulang && v.tanggal_pulang <= visitDate) {
      if (!prev || v.tanggal_pulang > prev.tanggal_pulang!) prev = v;
    }
  }
  return prev;
}

/** A stay written as a consequence of another change: its record before and after. */
export interface StayChange {
  before: Visit;
  after: Visit;
}

/** Stages in `tx` the patient's other stays' readmission flags once stay `id` is `changed`. */
export async function restageReadmissions(
  store: Store,
  tx: Tx,
  pasienId: string,
  id: string,
  changed: Visit | null,
): Promise<StayChange[]> {
  const col = visitsOf(store);
  const others = (await col.index()).where("pasien._id", pasienId).map((r) => r.value)
    .filter((v) => v._id !== id);
  const all = changed ? [...others, changed] : others;
  const out: StayChange[] = [];
  for (const v of others) {
    const readmisi = isReadmission(
      previousStay(all.filter((o) => o._id !== v._id), v.visitDate)?.tanggal_pulang ?? null,
      v.visitDate,
    );
    if (readmisi === v.readmisi) continue;
    const row = await col.find(v._id);
    if (!row || row.value.readmisi === readmisi) continue;
    const { _id, ...rest } = row.value;
    const after = tx.put(col, _id, {
      ...rest,
      readmisi,
      readmisi_reason: readmisi ? rest.readmisi_reason : "",
    }, row);
    out.push({ before: row.value, after });
  }
  return out;
}

/** What a readmission check finds for a patient admitted at `visitDate`. */
export interface ReadmissionCheck {
  readmisi: boolean;
  previous?: { id: string; tanggal_pulang: string };
  /** The patient's stay still open, if any (other than `excludeId`). */
  open?: Visit;
}

/** The patient's open stay and readmission for an admission at `visitDate` (400 on overlap). */
export async function readmissionOf(
  store: Store,
  pasienId: string,
  visitDate: string,
  excludeId = "",
): Promise<ReadmissionCheck> {
  const stays = (await visitsOf(store).index()).where("pasien._id", pasienId)
    .map((r) => r.value).filter((v) => v._id !== excludeId);
  const open = stays.find((v) => v.status === "dirawat");
  const prev = previousStay(stays, visitDate);
  const overlap = stays.find((v) =>
    v.visitDate <= visitDate && v.tanggal_pulang && v.tanggal_pulang > visitDate
  );
  if (overlap) {
    const [from, to] = [formatDateTime(overlap.visitDate), formatDateTime(overlap.tanggal_pulang)];
    throw badRequest(`Tanggal masuk jatuh di dalam kunjungan lain pasien ini (${from} s.d. ${to}).`)
      .at("visitDate");
  }
  return {
    readmisi: isReadmission(prev?.tanggal_pulang ?? null, visitDate),
    previous: prev ? { id: prev._id, tanggal_pulang: prev.tanggal_pulang! } : undefined,
    open,
  };
}

async function assertDoctorRole(store: Store, registry: Registry, id: string, flag: string) {
  if (!id) return;
  const doc = await collectionOf(store, registry.get("doctor")!).find(id);
  if (doc && !doc.value[flag]) {
    const role = flag === "igd" ? "dokter IGD" : "DPJP";
    throw badRequest(`${doc.value.fullname} bukan ${role}; aktifkan di daftar Dokter.`)
      .at(`${flag}_id`);
  }
}

/** The computed part of a stay just admitted: open, no examinations, no totals. */
export const EMPTY_STAY = {
  status: "dirawat" as const,
  tanggal_pulang: null,
  dischargepatient: null,
  summary_diagnosis: [],
  summary_tindakan: [],
  ipddetails: [],
  tarifInaTotal: 0,
  tarifRsTotal: 0,
  percentageTotal: null,
  latestTarifIna: null,
  latestTarifRs: null,
  latestPercentage: null,
  codes10: [],
  codes9: [],
};

/** Why a patient with the open stay `open` cannot be admitted again (said when picked, too). */
export const stillAdmitted = (open: Visit): string =>
  `Pasien ${open.pasien.fullname} masih dirawat sejak ${
    formatDateTime(open.visitDate)
  }; pulangkan pasien dari kunjungan itu dulu.`;

/**
 * Admits a patient (no `id`) or edits a stay: one open stay per patient, no overlap, a reason for
 * a readmission, doctors in their role, dates in order, and its claim data (`claimChange`).
 */
export async function saveVisit(
  store: Store,
  registry: Registry,
  fields: Record<string, string>,
): Promise<Row<Visit>> {
  const id = fields.id?.trim() ?? "";
  const input = parseOr400(ipdDef.schema, fields);
  const visitDate = dateField(input.visitDate as string, "Tanggal masuk", {
    futureDays: 1,
    field: "visitDate",
  });
  const col = visitsOf(store);
  const old = id ? await getVisit(store, id) : null;
  if (old) assertFresh(old, fields._version);
  const { doc, checks } = await resolveRefs(store, registry, ipdDef, input);
  await assertDoctorRole(store, registry, input.igd_id as string, "igd");
  await assertDoctorRole(store, registry, input.dpjp_id as string, "dpjp");
  const pasienId = input.pasienId as string;
  const check = await readmissionOf(store, pasienId, visitDate, id);
  const isOpen = !old || old.value.status === "dirawat";
  if (check.open && isOpen) throw conflict(stillAdmitted(check.open)).at("pasienId");
  const reason = String(input.readmisi_reason ?? "");
  if (check.readmisi && !reason) {
    const out = formatDateTime(check.previous!.tanggal_pulang);
    throw badRequest(
      `Harap pilih alasan readmisi: pasien pulang dari rawat inap sebelumnya pada ${out} ` +
        "(kurang dari 30 hari).",
    ).at("readmisi_reason");
  }
  if (old) {
    const first = (await visitExams(store, old.value))[0]?.value;
    if (first && first.examinationDate < visitDate) {
      const at = formatDateTime(first.examinationDate);
      throw badRequest(`Tanggal masuk tidak boleh setelah pemeriksaan pertama (${at}).`)
        .at("visitDate");
    }
    if (old.value.tanggal_pulang && old.value.tanggal_pulang < visitDate) {
      throw badRequest("Tanggal masuk tidak boleh setelah tanggal pulang.").at("visitDate");
    }
  }
  const was = claimFieldsOf(old?.value ?? {});
  const claim = claimChange(input as ClaimInput, was);
  const pulang = old?.value.tanggal_pulang ?? null;
  assertClaimDays(claim, lengthOfStay(visitDate, pulang), !!pulang);
  const data = {
    ...(old?.value ?? EMPTY_STAY),
    pasien: doc.pasien,
    visitDate,
    indicationranap: doc.indicationranap,
    diagnosis_awal: input.diagnosis_awal,
    asal: input.asal,
    room: doc.room,
    igd: doc.igd,
    dpjp: doc.dpjp,
    episode: doc.episode,
    criteria: doc.criteria,
    readmisi: check.readmisi,
    readmisi_reason: check.readmisi ? reason : "",
    openPasien: isOpen ? pasienId : null,
    ...claim,
  } as Omit<Visit, "_id">;
  const sep = claim.nomor_sep !== was.nomor_sep ? claim.nomor_sep : "";
  const write = () =>
    old ? col.update(id, data, { expected: old.versionstamp, checks }) : col.insert(data, checks);
  return await withSep(col, sep, id, write);
}

/** Removes a stay, its examinations and its readmission flags in one commit with `guards`. */
export async function deleteVisit(
  store: Store,
  id: string,
  guards: Check[] = [],
): Promise<{ visit: Visit; exams: Examination[]; readmissions: StayChange[] }> {
  const visit = await getVisit(store, id);
  const exams = await examsOf(store).findMany(visit.value.ipddetails ?? []);
  const tx = new Tx(store.kv);
  for (const g of guards) tx.check(g);
  for (const e of exams) tx.remove(examsOf(store), e, { check: false });
  tx.remove(visitsOf(store), visit);
  const readmissions = await restageReadmissions(store, tx, visit.value.pasien._id, id, null);
  await tx.commit();
  return { visit: visit.value, exams: exams.map((e) => e.value), readmissions };
}
