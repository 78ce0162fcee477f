import { formatDateTime } from "../format.ts";
import { badRequest, conflict } from "../errors.ts";
import {
  assertFresh,
  dateField,
  getVisit,
  restageReadmissions,
  type StayChange,
  visitExams,
  visitsOf,
} from "./stay.ts";
import { resolveIcds } from "./codes.ts";
import type { IcdItem, Visit } from "./model.ts";
import { dischargeAheadProblem, NO_DIAGNOSIS, summaryIcd } from "./rules.ts";
import { claimAtDischarge, withSep } from "./claim_fields.ts";
import { givenBreakdown } from "./bill.ts";
import type { Row } from "../index/index.ts";
import { embed, type Registry } from "../resource/refs.ts";
import { collectionOf } from "../resource/resource.ts";
import { lockKey } from "../db/journal.ts";
import type { Check } from "../db/collection.ts";
import type { Store } from "../db/store.ts";
import { Tx } from "../db/tx.ts";

const SUMMARY_LABEL = { icd10: "Diagnosis ringkasan", icd9: "Tindakan ringkasan" };
const summaryCodes = (store: Store, registry: Registry, ids: string[], kind: "icd10" | "icd9") =>
  resolveIcds(store, registry, ids, kind, SUMMARY_LABEL[kind]);

/** The discharge summary a stay starts from: its examinations' codes, in first-seen order. */
export async function summaryOf(
  store: Store,
  id: string,
): Promise<{ summary_diagnosis: IcdItem[]; summary_tindakan: IcdItem[] }> {
  const visit = await getVisit(store, id);
  return summaryIcd((await visitExams(store, visit.value)).map((r) => r.value));
}

/**
 * Discharges a stay (409 if it is): method, time, summary codes (no primary diagnosis only with
 * `confirm_no_diagnosis=1`), claim data (`claimAtDischarge`) and a breakdown given summing to the
 * total; the patient's readmission flags follow in the same commit (`restageReadmissions`).
 */
export async function discharge(
  store: Store,
  registry: Registry,
  fields: Record<string, string>,
  lists: { summary_diagnosis: string[]; summary_tindakan: string[] },
): Promise<Row<Visit> & { readmissions: StayChange[] }> {
  const visit = await getVisit(store, (fields.id ?? fields.ipdId ?? "").trim());
  assertFresh(visit, fields._version);
  const v = visit.value;
  if (v.status === "pulang") {
    throw conflict(`Pasien ini sudah dipulangkan pada ${formatDateTime(v.tanggal_pulang)}.`);
  }
  const at = dateField(fields.tanggal_pulang, "Tanggal pulang", { field: "tanggal_pulang" });
  const ahead = dischargeAheadProblem(at, Date.now());
  if (ahead) throw badRequest(ahead).at("tanggal_pulang");
  if (at < v.visitDate) {
    throw badRequest(
      `Tanggal pulang tidak boleh sebelum tanggal masuk (${formatDateTime(v.visitDate)}).`,
    );
  }
  const next = (await visitsOf(store).index()).where("pasien._id", v.pasien._id)
    .map((r) => r.value.visitDate).filter((d) => d > v.visitDate).sort()[0];
  if (next && at > next) {
    const when = formatDateTime(next);
    throw badRequest(
      `Tanggal pulang tidak boleh setelah kunjungan berikutnya pasien ini (${when}).`,
    );
  }
  const last = (await visitExams(store, v)).at(-1)?.value;
  if (last && at < last.examinationDate) {
    const when = formatDateTime(last.examinationDate);
    throw badRequest(`Tanggal pulang tidak boleh sebelum pemeriksaan terakhir (${when}).`);
  }
  const { methods, method, embedded } = await dischargeMethodOf(store, registry, fields);
  if (!method) throw badRequest("Cara pulang tidak ditemukan.");
  const claim = claimAtDischarge(fields, v, at);
  const bill = givenBreakdown(fields, v.tarifRsTotal, "Total RS");
  const diagnoses = await summaryCodes(store, registry, lists.summary_diagnosis, "icd10");
  if (!diagnoses.length && fields.confirm_no_diagnosis !== "1") {
    throw badRequest(`${NO_DIAGNOSIS} Kirim confirm_no_diagnosis=1 untuk tetap memulangkan.`)
      .at("summary_diagnosis");
  }
  const data: Omit<Visit, "_id"> = {
    ...v,
    ...claim,
    ...(bill ? { tarif_rs_rincian: bill } : {}),
    status: "pulang",
    openPasien: null,
    tanggal_pulang: at,
    dischargepatient: embedded,
    summary_diagnosis: diagnoses,
    summary_tindakan: await summaryCodes(store, registry, lists.summary_tindakan, "icd9"),
  };
  const tx = new Tx(store.kv);
  const doc = tx.put(visitsOf(store), v._id, data, visit, {
    checks: [
      { key: methods.key(method.key), versionstamp: method.versionstamp },
      { key: lockKey(methods.name), versionstamp: null },
    ],
  });
  const readmissions = await restageReadmissions(store, tx, v.pasien._id, v._id, doc);
  const sep = claim.nomor_sep !== (v.nomor_sep ?? "") ? claim.nomor_sep : "";
  const versionstamp = await withSep(visitsOf(store), sep, v._id, () => tx.commit());
  return { value: doc, versionstamp, readmissions };
}

/** Reopens a discharged stay unless the patient has an open or later stay (409), with `guards`. */
export async function cancelDischarge(
  store: Store,
  id: string,
  guards: Check[],
): Promise<Row<Visit>> {
  const visit = await getVisit(store, id);
  const v = visit.value;
  if (v.status !== "pulang") throw conflict("Pasien ini belum dipulangkan.");
  const others = (await visitsOf(store).index()).where("pasien._id", v.pasien._id)
    .map((r) => r.value).filter((o) => o._id !== v._id);
  const later = others.find((o) => o.visitDate > v.visitDate);
  if (later) {
    throw conflict(
      `Pasien sudah dirawat lagi sejak ${formatDateTime(later.visitDate)}; ` +
        "kepulangan kunjungan ini tidak bisa dibatalkan.",
    );
  }
  if (others.some((o) => o.status === "dirawat")) {
    throw conflict("Pasien masih punya kunjungan rawat inap yang belum pulang.");
  }
  return await visitsOf(store).update(
    v._id,
    {
      ...v,
      status: "dirawat",
      openPasien: v.pasien._id,
      tanggal_pulang: null,
      dischargepatient: null,
      summary_diagnosis: [],
      summary_tindakan: [],
    },
    { expected: visit.versionstamp, checks: guards },
  );
}

/** Corrects a discharged, unchanged stay's method and summary codes (else 409); checks `guards`. */
export async function correctSummary(
  store: Store,
  registry: Registry,
  fields: Record<string, string>,
  lists: { summary_diagnosis: string[]; summary_tindakan: string[] },
  guards: Check[],
): Promise<Row<Visit>> {
  const visit = await getVisit(store, (fields.id ?? "").trim());
  assertFresh(visit, fields._version);
  const v = visit.value;
  if (v.status !== "pulang") {
    throw conflict("Pasien ini belum dipulangkan; isi ringkasan pulang saat memulangkan.");
  }
  const { methods, method, embedded } = await dischargeMethodOf(store, registry, fields);
  if (!method) throw badRequest("Cara pulang tidak ditemukan.").at("dischargepatient");
  return await visitsOf(store).update(
    v._id,
    {
      ...v,
      dischargepatient: embedded,
      summary_diagnosis: await summaryCodes(store, registry, lists.summary_diagnosis, "icd10"),
      summary_tindakan: await summaryCodes(store, registry, lists.summary_tindakan, "icd9"),
    },
    {
      expected: visit.versionstamp,
      checks: [...guards, { key: methods.key(method.key), versionstamp: method.versionstamp }],
    },
  );
}

/** The discharge method `fields.dischargepatient` names (400 if none): its check and copy. */
async function dischargeMethodOf(store: Store, registry: Registry, fields: Record<string, string>) {
  const id = (fields.dischargepatient ?? "").trim();
  if (!id) throw badRequest("Cara pulang wajib dipilih.").at("dischargepatient");
  const methods = collectionOf(store, registry.get("discharge-patient")!);
  const row = await methods.find(id);
  const ref = registry.get("ipd")!.refs!.find((r) => r.field === "dischargepatient")!;
  const method = row && { key: id, versionstamp: row.versionstamp };
  const embedded = (row ? embed(ref, row.value) : null) as Visit["dischargepatient"];
  return { methods, method, embedded };
}
