import { VISIT_COLUMNS } from "./columns.ts";
import { z } from "zod";
import { READMISSION_REASONS, type Visit } from "./model.ts";
import { stayNumbers } from "./rules.ts";
import { breakdownProblem } from "./bill.ts";
import { defineResource } from "../resource/resource.ts";
import type { Doc } from "../index/index.ts";
import { refId, text } from "../resource/validate.ts";
import { CLAIM_SHAPE } from "./claim_fields.ts";

const optionalId = z.string().trim().optional().default("");

/** Short repeated values (codes, status, class) as one string each in memory. */
const codeTexts = new Map<string, string>();
const code = (c: string) => {
  const have = codeTexts.get(c);
  if (have !== undefined) return have;
  codeTexts.set(c, c);
  return c;
};

const NONE: string[] = Object.freeze([]) as unknown as string[];

/** Codes as kept: one shared empty list, else the codes as one string each. */
const codes = (list: string[]) => list.length ? list.map(code) : NONE;

/** Whether two lists hold the same codes in the same order. */
const sameCodes = (a: string[], b: string[]) =>
  a.length === b.length && a.every((c, i) => c === b[i]);

/** A summary's codes as kept: `kept` when they are the examinations' (`raw`), else their own. */
const summaryCodes = (list: string[], raw: string[], kept: string[]) =>
  sameCodes(list, raw) ? kept : codes(list);

/** The codes of a summary's items. */
const codesOf = (items: { code: string }[] | undefined) => (items ?? []).map((i) => i.code);

/** A status as kept: the two of them one string each. */
const statusOf = (s: string) => s === "pulang" ? "pulang" : s === "dirawat" ? "dirawat" : code(s);

/** The claim data the index leaves out of a discharged stay. */
const CLAIM_READ_WHOLE = [
  "cara_masuk",
  "upgrade_class_los",
  "upgrade_class_payor",
  "add_payment_pct",
  "icu_los",
] as const;

/** Coded fields kept as shared strings (E-Klaim's package: its source and the ward's code). */
const SHARED_CODES = [
  "inacbg",
  "inacbgKelas",
  "readmisi_reason",
  "kelas_rawat",
  "upgrade_class_class",
  "paket_sumber",
  "petugas_inacbg",
] as const;
const shareCodes = (v: Visit) => {
  for (const k of SHARED_CODES) if (v[k]) v[k] = code(v[k] as string) as never;
};
/** What the index leaves out of a discharged stay's E-Klaim package (its page reads them whole). */
const PACKAGE_READ_WHOLE = ["paket_deskripsi", "paket_waktu", "petugas_kelas"] as const;

/** Whether the index keeps a stay whole: those still admitted (a few thousand at most). */
export const indexedWhole = (v: Visit): boolean => v.status === "dirawat";

/**
 * What the stays' index keeps: an admitted stay whole; of a discharged one not the long texts,
 * examination ids, claim details or a breakdown that sums (read whole with `Collection.full`).
 */
export function slimVisit(v: Visit): Visit {
  // a copy, then the dropped fields left undefined: every stay keeps one shape, and copying
  // the record whole is several times faster than copying all but some of its fields
  const keep: Record<string, unknown> = { ...v };
  const raw10 = v.codes10 ?? [], raw9 = v.codes9 ?? [];
  const codes10 = codes(raw10), codes9 = codes(raw9);
  keep.status = statusOf(v.status);
  keep.codes10 = codes10;
  keep.codes9 = codes9;
  keep.summary10 = summaryCodes(codesOf(v.summary_diagnosis), raw10, codes10);
  keep.summary9 = summaryCodes(codesOf(v.summary_tindakan), raw9, codes9);
  shareCodes(keep as Visit);
  if (!indexedWhole(v)) {
    for (const k of PACKAGE_READ_WHOLE) if (k in keep) keep[k] = undefined;
    keep.summary_diagnosis = keep.summary_tindakan = keep.ipddetails = undefined;
    keep.diagnosis_awal = keep.asal = undefined;
    // the readiness reads the SEP, the entitled class and the upgrade's class; the rest of the
    // claim data is read whole (the stay's page, exports, the E-Klaim bridge). Only fields the
    // stay has: one written before them gains none
    for (const k of CLAIM_READ_WHOLE) if (k in keep) keep[k] = undefined;
    // only where the record has one: a slot added to a stay without it would cost memory
    if (v.tarif_rs_rincian && !breakdownProblem(v)) keep.tarif_rs_rincian = undefined;
  }
  return keep as Visit;
}

/** A stay as `slimVisit` kept it, read back from a snapshot, its strings shared again. */
export function reshareVisit(v: Visit): Visit {
  const raw10 = v.codes10 ?? [], raw9 = v.codes9 ?? [];
  const codes10 = codes(raw10), codes9 = codes(raw9);
  v.codes10 = codes10;
  v.codes9 = codes9;
  v.summary10 = summaryCodes(v.summary10 ?? [], raw10, codes10);
  v.summary9 = summaryCodes(v.summary9 ?? [], raw9, codes9);
  v.status = statusOf(v.status) as Visit["status"];
  shareCodes(v);
  return v;
}

/** Inpatient stays: the references and index (the API is routes/ipd_api.ts's own). */
export default defineResource({
  name: "ipd",
  label: "Kunjungan Rawat Inap",
  api: false,
  schema: z.object({
    pasienId: refId("Pasien"),
    visitDate: text("Tanggal masuk", { max: 30 }),
    indicationranap: optionalId,
    diagnosis_awal: text("Diagnosis awal", { max: 1000, required: false }),
    asal: text("Asal pasien", { max: 200, required: false }),
    room_id: refId("Ruang"),
    igd_id: optionalId,
    dpjp_id: refId("DPJP"),
    episode: optionalId,
    criteria: optionalId,
    readmisi_reason: z.string().trim().optional().default("").refine(
      (v) => !v || v in READMISSION_REASONS,
      { error: "Alasan readmisi tidak dikenal." },
    ),
    ...CLAIM_SHAPE,
  }),
  columns: VISIT_COLUMNS,
  fields: [],
  search: [
    "pasien.fullname",
    "pasien.erm",
    "room.name",
    "indicationranap.desc",
    "diagnosis_awal",
    "dpjp.fullname",
  ],
  // one stay per SEP (lib/ipd/claim_fields.ts `withSep` names the stay holding it)
  unique: ["openPasien", "nomor_sep"],
  // a stay holds openPasien while, and only while, it is admitted (stay.ts, discharge.ts): the
  // admitted list answers from those keys while the index loads after a first start
  subset: { unique: "openPasien", field: "status", value: "dirawat" },
  derive: (d) => stayNumbers(d as Visit),
  // the function itself, so that a change to what it keeps changes the index's signature and
  // a snapshot kept before is rebuilt (lib/index/snapshot.ts `specSig`)
  slim: slimVisit as unknown as (d: Doc) => Doc,
  whole: indexedWhole as unknown as (d: Doc) => boolean,
  reshare: reshareVisit as unknown as (d: Doc) => Doc,
  labels: {
    openPasien: "Pasien yang masih dirawat",
    visitDate: "Tanggal masuk",
    nomor_sep: "No. SEP",
  },
  refs: [
    {
      field: "pasien",
      input: "pasienId",
      resource: "pasien",
      label: "Pasien",
      display: "fullname",
      // what E-Klaim needs of the patient travels with the stay
      copy: ["erm", "gender", "tgl_lahir", "nomor_kartu"],
    },
    { field: "room", input: "room_id", resource: "room", label: "Ruang", display: "name" },
    {
      field: "indicationranap",
      input: "indicationranap",
      resource: "indication-ranap",
      label: "Indikasi rawat",
    },
    { field: "igd", input: "igd_id", resource: "doctor", label: "Dokter IGD", display: "fullname" },
    { field: "dpjp", input: "dpjp_id", resource: "doctor", label: "DPJP", display: "fullname" },
    {
      field: "episode",
      input: "episode",
      resource: "episode",
      label: "Status rawat",
      display: "title",
      copy: ["desc"],
    },
    {
      field: "criteria",
      input: "criteria",
      resource: "criteria",
      label: "Kriteria IGD",
      display: "title",
      copy: ["desc"],
    },
    {
      field: "dischargepatient",
      input: "dischargepatient",
      resource: "discharge-patient",
      label: "Cara pulang",
      copy: ["kode_eklaim"],
    },
  ],
});
