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

/** The discharge summary a stay starts from: its examinations' codes, in first-seen order. */
export async function summaryOf(
  store: Store,
  id: string,
): Promise<{ summary_diagnosis: IcdItem[]; summary_tindakan: IcdItem[] }> {
  const visit = await getVisit(store, id);
  return summaryIcd((await visitExams(store, visit.value)).map((r) => r.value));
}

/**
 * Discharges a stay: a discharge method, a discharge time not before the admission or the
 * last examination, at most an hour after now (`dischargeAheadProblem`: a clock's difference),
 * not after the patient's next admission, the summary codes (no primary diagnosis only with
 * `confirm_no_diagnosis=1`, else 400 naming `summary_diagnosis`) and the claim data the form completes
 * (`claimAtDischarge`: SEP, ICU and upgrade days). A stay already discharged is
 * refused (409). The patient's later stays' readmission flags follow in the same commit
 * (`restageReadmissions`; a stay entered late can be discharged before another), returned as
 * `readmissions`. A breakdown given (`tarif_rs_rincian`, the clerk's moves between categories)
 * must sum to the stay's total (400 naming the difference) and becomes the stay's.
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
    throw badRequest(
      `Tanggal pulang tidak boleh setelah kunjungan berikutnya pasien ini (${
        formatDateTime(next)
      }).`,
    );
  }
  const last = (await visitExams(store, v)).at(-1)?.value;
  if (last && at < last.examinationDate) {
    throw badRequest(
      `Tanggal pulang tidak boleh sebelum pemeriksaan terakhir (${
        formatDateTime(last.examinationDate)
      }).`,
    );
  }
  const { methods, method, embedded } = await dischargeMethodOf(store, registry, fields);
  if (!method) throw badRequest("Cara pulang tidak ditemukan.");
  const claim = claimAtDischarge(fields, v, at);
  const bill = givenBreakdown(fields, v.tarifRsTotal, "Total RS");
  const diagnoses = await resolveIcds(
    store,
    registry,
    lists.summary_diagnosis,
    "icd10",
    "Diagnosis ringkasan",
  );
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
    summary_tindakan: await resolveIcds(
      store,
      registry,
      lists.summary_tindakan,
      "icd9",
      "Tindakan ringkasan",
    ),
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

/**
 * Cancels a discharge: the stay is open again, unless the patient has another open stay or
 * was admitted again after it (409). `guards` are checked in the same commit (the stay's claim
 * must not appear meanwhile: lib/claim `cancelUnclaimedDischarge`).
 */
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

/**
 * Corrects a discharged stay's summary in place: its discharge method, summary diagnoses and
 * procedures (the first diagnosis is the primary one). The stay must be discharged (409) and
 * unchanged since read (`_version`, 409); `guards` are checked in the same commit (lib/claim
 * `correctUnclaimedSummary`: no final claim meanwhile).
 */
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
  const codes = (list: string[], kind: "icd10" | "icd9", label: string) =>
    resolveIcds(store, registry, list, kind, label);
  return await visitsOf(store).update(
    v._id,
    {
      ...v,
      dischargepatient: embedded,
      summary_diagnosis: await codes(lists.summary_diagnosis, "icd10", "Diagnosis ringkasan"),
      summary_tindakan: await codes(lists.summary_tindakan, "icd9", "Tindakan ringkasan"),
    },
    {
      expected: visit.versionstamp,
      checks: [...guards, { key: methods.key(method.key), versionstamp: method.versionstamp }],
    },
  );
}

/**
 * The discharge method `fields.dischargepatient` names (400 at the field when none is), its
 * collection and, when found, the row (`key`: its id) and its copy as a stay embeds it.
 */
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
