/**
 * One generated stay of the inpatient data set (bench/ipd_data.ts): its times among the
 * patient's stays, its examinations and the stay as the app stores it.
 */
import type { Examination, IcdItem, Visit } from "../lib/ipd/model.ts";
import { examOrder, isReadmission, stayTotals, summaryIcd } from "../lib/ipd/rules.ts";
import { keywordSummary } from "../lib/ipd/keywords.ts";
import { newId } from "../lib/db/ids.ts";
import { stayClaimData } from "./ipd_claim_data.ts";
import type { masterData, patients, Room } from "./ipd_master.ts";

const DAY = 86_400_000;
const HOUR = 3_600_000;

const minute = (t: number) => new Date(Math.floor(t / 60_000) * 60_000).toISOString();

type Master = Awaited<ReturnType<typeof masterData>>;
type Person = Awaited<ReturnType<typeof patients>>[number];

/** What the stays are drawn from, and how. */
export interface Draw {
  rnd: () => number;
  pick: <T>(xs: T[]) => T;
  m: Master;
  examsPerStay: number;
  now: Date;
  reasons: string[];
  /** The claim data's own stream (bench/ipd_claim_data.ts). */
  claimRnd: () => number;
}

/**
 * A patient's stays as [admission, discharge] times: `count` stays, the closed ones one after
 * another fitted into [start, end]; an open stay last (discharge NaN).
 */
export function stayTimes(
  rnd: () => number,
  start: number,
  now: Date,
  count: number,
  isOpen: boolean,
): [number, number][] {
  const k = count - (isOpen ? 1 : 0);
  const end = now.getTime() - (isOpen ? 25 * DAY : 2 * HOUR);
  const times: [number, number][] = [];
  let t = start + rnd() * (end - start) / Math.max(1, k);
  for (let i = 0; i < k; i++) {
    const los = Math.min(30, 1 + Math.floor(-Math.log(1 - rnd()) * 4)) * DAY - rnd() * 20 * HOUR;
    times.push([t, t + los]);
    const gap = rnd() < 0.15 ? (1 + rnd() * 27) * DAY : (0.3 + rnd() * 1.4) * (end - start) / k;
    t += los + gap;
  }
  const last = times.at(-1)?.[1] ?? start;
  if (last > end) {
    const f = (end - start) / (last - start);
    for (const s of times) {
      s[0] = start + (s[0] - start) * f;
      s[1] = Math.max(s[0] + 3 * HOUR, start + (s[1] - start) * f);
    }
  }
  if (isOpen) {
    const adm = now.getTime() - (2 * HOUR + rnd() * 20 * DAY);
    times.push([adm, NaN]);
  }
  return times;
}

/**
 * Stay number `n` of `person` with its examinations in order, totals from `stayTotals`, and
 * what E-Klaim needs of it (`stayClaimData`).
 */
export function stayOf(
  d: Draw,
  person: Person,
  [admAt, outAt]: [number, number],
  prevOut: string | null,
  n: number,
) {
  const { rnd, pick, m } = d;
  const open = Number.isNaN(outAt);
  const visitDate = minute(admAt);
  const tanggal_pulang = open ? null : minute(outAt);
  const room = pick(m.rooms);
  const tariff = pick(m.tariffs);
  const primary = pick(m.icd10);
  const factor = Math.max(0.3, 0.95 + (rnd() - 0.5) * 0.9);
  const lastExamAt = open ? Math.max(admAt + HOUR, d.now.getTime() - 30 * 60_000) : outAt;
  const stayId = newId();
  const list = examsOfStay(d, { stayId, admAt, lastExamAt, open, room, tariff, primary, factor });
  const ordered = examOrder(list);
  const totals = stayTotals(ordered);
  for (const e of ordered) e.percentage = totals.percentages.get(e._id)!;
  const codes = (
    key: "diagnosis" | "tindakan",
  ) => [...new Set(ordered.flatMap((e) => e[key].map((i) => i.code)))];
  const readmisi = isReadmission(prevOut, visitDate);
  const { order: ipddetails, percentages: _, ...sums } = totals;
  const summary = open ? { summary_diagnosis: [], summary_tindakan: [] } : summaryIcd(ordered);
  const dpjp = pick(m.doctors);
  const asal = pick(["IGD", "IGD", "Poliklinik", "Rujukan"]);
  const roomClass = room.classtype === "first" ? "1" : room.classtype === "second" ? "2" : "3";
  const claim = stayClaimData(d.claimRnd, { n, open, asal, visitDate, exams: ordered, roomClass });
  const visit: Omit<Visit, "_id"> = {
    pasien: {
      _id: person._id,
      fullname: person.fullname,
      erm: person.erm,
      gender: person.gender,
      tgl_lahir: person.tgl_lahir,
      nomor_kartu: person.nomor_kartu,
    },
    visitDate,
    indicationranap: pick(m.indications),
    diagnosis_awal: primary.desc,
    asal,
    room: { _id: room._id, name: room.name },
    igd: rnd() < 0.6 ? pick(m.igd) : null,
    dpjp,
    episode: rnd() < 0.8 ? pick(m.episodes) : null,
    criteria: rnd() < 0.5 ? pick(m.criteria) : null,
    readmisi,
    readmisi_reason: readmisi ? pick(d.reasons) : "",
    openPasien: open ? person._id : null,
    status: open ? "dirawat" : "pulang",
    tanggal_pulang,
    dischargepatient: open ? null : pick(m.discharges),
    ...summary,
    ipddetails,
    ...sums,
    codes10: codes("diagnosis"),
    codes9: codes("tindakan"),
    ...claim,
  };
  return { stayId, visit, ordered, open, visitDate, tanggal_pulang };
}

/** The examinations of one stay, spread from admission to `lastExamAt`, before ordering. */
function examsOfStay(
  d: Draw,
  s: {
    stayId: string;
    admAt: number;
    lastExamAt: number;
    open: boolean;
    room: Room;
    tariff: Master["tariffs"][number];
    primary: IcdItem;
    factor: number;
  },
): Examination[] {
  const { rnd, pick, m, examsPerStay } = d;
  const cls = s.room.classtype === "first" ? 1 : s.room.classtype === "second" ? 2 : 3;
  const tarifIna = Number(s.tariff[`tarif_kelas_${cls}`]) || 0;
  const list: Examination[] = [];
  for (let j = 0; j < examsPerStay; j++) {
    const at = s.admAt + ((j + (s.open ? 0.5 : 0.8)) / examsPerStay) * (s.lastExamAt - s.admAt);
    const diagnosis = [s.primary, ...(rnd() < 0.5 ? [pick(m.icd10)] : [])];
    const tindakan = rnd() < 0.6 ? [pick(m.icd9)] : [];
    const keyword = rnd() < 0.2 ? [pick(m.keywords)] : [];
    list.push({
      _id: newId(),
      ipdId: s.stayId,
      // a closed stay's last examination is at its discharge
      examinationDate: minute(Math.min(at, s.lastExamAt)),
      subject: pick([
        "Demam 3 hari",
        "Sesak napas",
        "Nyeri perut kanan bawah",
        "Batuk berdahak",
        "Lemas, mual",
      ]),
      object: `TD ${100 + Math.floor(rnd() * 60)}/${60 + Math.floor(rnd() * 30)}, N ${
        70 + Math.floor(rnd() * 40)
      }`,
      assesment: s.primary.desc,
      plan: pick([
        "Infus RL, observasi",
        "Antibiotik IV",
        "Cek darah lengkap",
        "Rencana pulang",
      ]),
      keyword,
      keywordsummary: keywordSummary(keyword),
      diagnosis,
      tindakan,
      grouping: {
        _id: s.tariff._id,
        kode_inacbg: String(s.tariff.kode_inacbg),
        desc_inacbg: String(s.tariff.desc_inacbg ?? ""),
      },
      tarifinacbgSelect: s.room.classtype,
      tarif_ina: tarifIna,
      tarif_rs: Math.round(tarifIna * s.factor / examsPerStay * (0.5 + rnd()) / 1000) * 1000,
      percentage: null,
    });
  }
  return list;
}
