import { z } from "zod";
import { formatDateTime } from "../format.ts";
import {
  AppError,
  badRequest,
  conflict,
  notFound,
  requireVersion,
  STALE_MESSAGE,
} from "../errors.ts";
import { hospitalTariff, tariffSetText } from "../settings/hospital_tariff.ts";
import { newId } from "../db/ids.ts";
import { dateField, examsOf, getVisit, visitExams, visitsOf } from "./stay.ts";
import { resolveIcds, resolveKeywords } from "./codes.ts";
import type { Examination, Visit } from "./model.ts";
import { keywordSummary } from "./keywords.ts";
import { stayTotals } from "./rules.ts";
import { totalsOf } from "./package.ts";
import { billAfter, type BillKey, givenBreakdown, wholeIn } from "./bill.ts";
import { billCategory } from "./bill_setting.ts";
import type { Doc, MemIndex, Row } from "../index/index.ts";
import type { Registry } from "../resource/refs.ts";
import { collectionOf } from "../resource/resource.ts";
import type { Store } from "../db/store.ts";
import { Tx } from "../db/tx.ts";
import { money, parseOr400, text } from "../resource/validate.ts";

/** Examinations one stay can hold (keeps a stay's commit within KV limits). */
const EXAM_LIMIT = 400;

/** The class number of a treatment class (first|second|third). */
export const CLASS_NO: Record<string, number> = { first: 1, second: 2, third: 3 };

const schema = z.object({
  ipdId: z.string({ error: "Kunjungan wajib diisi." }).trim().min(1, {
    error: "Kunjungan wajib diisi.",
  }),
  examinationDate: text("Tanggal pemeriksaan", { max: 30 }),
  subject: text("Subjectif", { max: 10_000, required: false }),
  object: text("Objectif", { max: 10_000, required: false }),
  assesment: text("Asesmen", { max: 10_000, required: false }),
  plan: text("Planning", { max: 10_000, required: false }),
  grouping: z.string().trim().optional().default(""),
  tarifinacbgSelect: z.string().trim().optional().default("").refine(
    (v) => !v || v in CLASS_NO,
    { error: "Pilihan tarif INA-CBG harus first, second atau third (Kelas 1, 2, 3)." },
  ),
  tarif_rs: money("Tarif RS", { required: true }),
});

/** The treatment class of a room read from the rooms' and classes' indexes ('' when unknown). */
export function classOfRoom(rooms: MemIndex<Doc>, classes: MemIndex<Doc>, roomId: string): string {
  const classId = (rooms.get(roomId)?.value.classroom as { _id?: string } | null)?._id;
  return String((classId && classes.get(classId)?.value.classtype) ?? "");
}

/** The room's treatment class (first|second|third), the tariff option an exam starts from. */
export async function roomClass(store: Store, registry: Registry, roomId: string) {
  const [rooms, classes] = await Promise.all([
    collectionOf(store, registry.get("room")!).index(),
    collectionOf(store, registry.get("class-room")!).index(),
  ]);
  return classOfRoom(rooms, classes, roomId);
}

type Grouping = Pick<Examination, "grouping" | "tarifinacbgSelect" | "tarif_ina">;

/** A grouping's INA-CBG tariff row (400 for another hospital's), as the tariff of a class. */
async function loadGrouping(
  store: Store,
  registry: Registry,
  id: string,
): Promise<(cls: string) => Grouping> {
  if (!id) return () => ({ grouping: null, tarifinacbgSelect: "", tarif_ina: 0 });
  const [row, ht] = await Promise.all([
    collectionOf(store, registry.get("inatarif")!).find(id),
    hospitalTariff(store, registry),
  ]);
  if (!row) throw badRequest("Grouping INA-CBG tidak ditemukan.").at("grouping");
  const t = row.value;
  if (ht.missing.length) {
    throw badRequest(
      `Profil rumah sakit belum lengkap (${ht.missing.join(", ")}); lengkapi di Pengaturan.`,
    );
  }
  if (t.regional !== ht.regional || t.kelas_rs !== ht.kelasRs) {
    throw badRequest(
      `Grouping ${t.kode_inacbg} adalah tarif ${
        tariffSetText(String(t.regional), String(t.kelas_rs))
      }, bukan tarif rumah sakit ini (${tariffSetText(ht.regional, ht.kelasRs)}).`,
    );
  }
  return (cls) => {
    if (!cls) {
      throw badRequest("Pilih kelas tarif INA-CBG (Kelas 1, 2 atau 3).").at("tarifinacbgSelect");
    }
    return {
      grouping: {
        _id: t._id,
        kode_inacbg: String(t.kode_inacbg),
        desc_inacbg: String(t.desc_inacbg ?? ""),
      },
      tarifinacbgSelect: cls,
      tarif_ina: Number(t[`tarif_kelas_${CLASS_NO[cls]}`]) || 0,
    };
  };
}

/**
 * Stages in `tx` a stay after its examinations changed: totals (`totalsOf`), percentages (only
 * changed examinations rewritten), codes and breakdown (`billAfter`, from the `old` examinations).
 */
function restage(
  tx: Tx,
  store: Store,
  visit: Row<Visit>,
  exams: Examination[],
  before: Map<string, Row<Examination>>,
  bill: { old: Examination[]; category: BillKey },
): { visit: Visit; exams: Map<string, Examination> } {
  const totals = stayTotals(exams);
  const out = new Map<string, Examination>();
  for (const e of exams) {
    const pct = totals.percentages.get(e._id)!;
    const old = before.get(e._id);
    const doc = { ...e, percentage: pct };
    if (!old || JSON.stringify(old.value) !== JSON.stringify(doc)) {
      tx.put(examsOf(store), e._id, doc, old ?? null, { check: false });
    }
    out.set(e._id, doc);
  }
  const codes = (k: "diagnosis" | "tindakan") => [
    ...new Set(exams.flatMap((e) => e[k].map((i) => i.code))),
  ];
  const { order: ipddetails, percentages: _, ...sums } = totals;
  const doc = tx.put(visitsOf(store), visit.value._id, {
    ...visit.value,
    ...totalsOf(visit.value, sums),
    tarif_rs_rincian: billAfter(visit.value.tarif_rs_rincian, bill.old, exams, bill.category),
    ipddetails,
    codes10: codes("diagnosis"),
    codes9: codes("tindakan"),
  }, visit);
  return { visit: doc, exams: out };
}

function assertOpen(visit: Visit): void {
  if (visit.status === "pulang") {
    throw conflict(
      `Pasien sudah pulang pada ${formatDateTime(visit.tanggal_pulang)}; ` +
        "batalkan kepulangan dulu untuk mengubah pemeriksaan.",
    );
  }
}

/** Adds (no `id`) or edits an examination, its stay recomputed in the same commit. */
export async function saveExam(
  store: Store,
  registry: Registry,
  fields: Record<string, string | string[]>,
  lists: { keyword: string[]; diagnosis: string[]; tindakan: string[] },
): Promise<{ visit: Visit; examination: Examination; version: string }> {
  const flat = Object.fromEntries(
    Object.entries(fields).filter(([, v]) => typeof v === "string"),
  ) as Record<string, string>;
  const id = flat.id?.trim() ?? "";
  const input = parseOr400(schema, flat);
  const tarifRs = input.tarif_rs as number;
  const split = givenBreakdown(fields, tarifRs, "Tarif RS");
  const [visit, keyword, diagnosis, tindakan, grouping, category] = await Promise.all([
    getVisit(store, input.ipdId),
    resolveKeywords(store, registry, lists.keyword),
    resolveIcds(store, registry, lists.diagnosis, "icd10", "Diagnosis"),
    resolveIcds(store, registry, lists.tindakan, "icd9", "Tindakan"),
    loadGrouping(store, registry, input.grouping),
    billCategory(store),
  ]);
  assertOpen(visit.value);
  const at = dateField(input.examinationDate, "Tanggal pemeriksaan", {
    futureDays: 1,
    field: "examinationDate",
  });
  if (at < visit.value.visitDate) {
    const since = formatDateTime(visit.value.visitDate);
    throw badRequest(`Tanggal pemeriksaan tidak boleh sebelum tanggal masuk (${since}).`)
      .at("examinationDate");
  }
  const [rows, cls] = await Promise.all([
    visitExams(store, visit.value),
    input.tarifinacbgSelect ||
    (input.grouping ? roomClass(store, registry, visit.value.room._id) : ""),
  ]);
  const before = new Map(rows.map((r) => [r.value._id, r]));
  const old = id ? before.get(id) : undefined;
  if (id && !old) throw notFound("Pemeriksaan tidak ditemukan pada kunjungan ini.");
  if (old && requireVersion(flat._version) !== old.versionstamp) throw conflict(STALE_MESSAGE);
  if (!id && rows.length >= EXAM_LIMIT) {
    throw badRequest(`Satu kunjungan paling banyak ${EXAM_LIMIT} pemeriksaan.`);
  }
  const exam: Examination = {
    _id: id || newId(),
    ipdId: visit.value._id,
    examinationDate: at,
    subject: input.subject,
    object: input.object,
    assesment: input.assesment,
    plan: input.plan,
    keyword,
    keywordsummary: keywordSummary(keyword),
    diagnosis,
    tindakan,
    ...grouping(cls),
    tarif_rs: tarifRs,
    tarif_rs_rincian: split ?? wholeIn(tarifRs, category),
    percentage: null,
  };
  const was = rows.map((r) => r.value);
  const list = was.filter((e) => e._id !== exam._id).concat(exam);
  const tx = new Tx(store.kv);
  const res = restage(tx, store, visit, list, before, { old: was, category });
  const version = await tx.commit();
  return { visit: res.visit, examination: res.exams.get(exam._id)!, version };
}

/** Deletes an examination and recomputes its stay in the same commit. */
export async function deleteExam(store: Store, ipdId: string, id: string): Promise<Visit> {
  const [visit, category] = await Promise.all([getVisit(store, ipdId), billCategory(store)]);
  assertOpen(visit.value);
  const rows = await visitExams(store, visit.value);
  const gone = rows.find((r) => r.value._id === id);
  if (!gone) throw notFound("Pemeriksaan tidak ditemukan pada kunjungan ini.");
  const tx = new Tx(store.kv);
  tx.remove(examsOf(store), gone, { check: false });
  const rest = rows.filter((r) => r !== gone);
  const before = new Map(rest.map((r) => [r.value._id, r]));
  const old = rows.map((r) => r.value);
  const res = restage(tx, store, visit, rest.map((r) => r.value), before, { old, category });
  await tx.commit();
  return res.visit;
}

/** Stays per commit of `backfillPackages` (a stay with its summary is a few KB). */
const BACKFILL_BATCH = 50;

/**
 * Writes the package in force (`stayTotals`) onto stays without `inacbg`, a batch per commit with
 * `pause()` between (a batch refused with 409 waits for the next start); returns how many.
 */
export async function backfillPackages(
  store: Store,
  pause: () => Promise<void> = () => Promise.resolve(),
): Promise<number> {
  const col = visitsOf(store);
  const todo = (await col.index()).rows().filter((r) => r.value.inacbg === undefined)
    .map((r) => r.value._id);
  let done = 0;
  for (let i = 0; i < todo.length; i += BACKFILL_BATCH) {
    const rows = (await col.findMany(todo.slice(i, i + BACKFILL_BATCH)))
      .filter((r) => r.value.inacbg === undefined);
    const tx = new Tx(store.kv);
    for (const row of rows) {
      const exams = await examsOf(store).findMany(row.value.ipddetails ?? []);
      const { inacbg, inacbgKelas } = stayTotals(exams.map((e) => e.value));
      const { _id, ...rest } = row.value;
      tx.put(col, _id, { ...rest, inacbg, inacbgKelas }, row);
    }
    if (rows.length) {
      try {
        await tx.commit();
        done += rows.length;
      } catch (e) {
        if (!(e instanceof AppError) || e.status !== 409) throw e;
      }
    }
    await pause();
  }
  return done;
}
