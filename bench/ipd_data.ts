/**
 * A generated inpatient data set for benches: master data through the real API and patients
 * (bench/ipd_master.ts), then stays with their examinations committed together (`Tx`, as the
 * app commits them), shaped as lib/ipd/model.ts with totals from `stayTotals`. Deterministic for
 * a given seed and `now`.
 */
import type { Hono } from "hono";
import { examsOf, visitsOf } from "../lib/ipd/stay.ts";
import type { Examination, IcdItem, KeywordItem, Visit } from "../lib/ipd/model.ts";
import { READMISSION_REASONS } from "../lib/ipd/model.ts";
import {
  examOrder,
  isReadmission,
  keywordSummary,
  stayTotals,
  summaryIcd,
} from "../lib/ipd/rules.ts";
import { newId } from "../lib/db/ids.ts";
import type { Store } from "../lib/db/store.ts";
import { Tx } from "../lib/db/tx.ts";
import { masterData, patients, type Room } from "./ipd_master.ts";

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** How big a data set to make. */
export interface IpdDataOptions {
  stays?: number;
  examsPerStay?: number;
  patients?: number;
  /** Stays still admitted (each the last stay of its patient). */
  open?: number;
  /** How far back admissions go. */
  days?: number;
  now?: Date;
  seed?: number;
  /** Called now and then with what is done. */
  progress?: (msg: string) => void;
}

/** What was generated, for benches to build requests from. */
export interface IpdWorld {
  now: Date;
  rooms: Room[];
  dpjp: { _id: string; fullname: string }[];
  icd10: IcdItem[];
  icd9: IcdItem[];
  keywords: KeywordItem[];
  /** The hospital's INA-CBG tariff rows (regional 1, kelas_rs AS). */
  tariffs: { _id: string; kode: string }[];
  /** Stays still admitted, with their patient. */
  openStays: { _id: string; pasienId: string; visitDate: string }[];
  patients: number;
  stays: number;
  exams: number;
}

/** A small deterministic random source (mulberry32). */
function randomOf(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Generates the data set (defaults: 50,000 stays with 5 examinations each over 20,000 patients,
 * 2,000 still admitted, admissions over the last two years) into the app's store. `cookie` is a
 * session of the app.
 */
export async function generateIpd(
  app: Hono<any>,
  cookie: string,
  store: Store,
  opts: IpdDataOptions = {},
): Promise<IpdWorld> {
  const {
    stays: nStays = 50_000,
    examsPerStay = 5,
    patients: nPatients = 20_000,
    open: nOpen = 2_000,
    days = 730,
    now = new Date(),
    seed = 42,
    progress = () => {},
  } = opts;
  const rnd = randomOf(seed);
  const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)];
  const m = await masterData(app, cookie, store);
  progress("data master");
  const people = await patients(store, nPatients, rnd);
  progress(`${nPatients} pasien`);

  // stays per patient: one each (with fewer stays than patients: 70 % of the stays' count of
  // patients, the others registered but never admitted), the rest spread at random; some
  // patients' last stay is open
  const admitted = nStays >= nPatients ? nPatients : Math.max(1, Math.floor(nStays * 0.7));
  const count = new Array(nPatients).fill(0).fill(1, 0, admitted);
  for (let i = admitted; i < nStays; i++) count[Math.floor(rnd() * admitted)]++;
  const openSet = new Set<number>();
  while (openSet.size < Math.min(nOpen, admitted)) openSet.add(Math.floor(rnd() * admitted));

  const start = now.getTime() - days * DAY;
  const reasons = Object.keys(READMISSION_REASONS);
  const world: IpdWorld = {
    now,
    rooms: m.rooms,
    dpjp: m.doctors,
    icd10: m.icd10,
    icd9: m.icd9,
    keywords: m.keywords,
    tariffs: m.tariffs.map((t) => ({ _id: t._id, kode: String(t.kode_inacbg) })),
    openStays: [],
    patients: nPatients,
    stays: 0,
    exams: 0,
  };
  const visits = visitsOf(store), exams = examsOf(store);
  let tx = new Tx(store.kv), inTx = 0;
  const flush = async () => {
    if (!inTx) return;
    await tx.commit();
    tx = new Tx(store.kv);
    inTx = 0;
  };
  const minute = (t: number) => new Date(Math.floor(t / 60_000) * 60_000).toISOString();

  for (let p = 0; p < nPatients; p++) {
    const person = people[p];
    const isOpen = openSet.has(p);
    const k = count[p] - (isOpen ? 1 : 0);
    // closed stays, one after another, fitted into [start, end]
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
    let prevOut: string | null = null;
    for (const [admAt, outAt] of times) {
      const open = Number.isNaN(outAt);
      const visitDate = minute(admAt);
      const tanggal_pulang = open ? null : minute(outAt);
      const room = pick(m.rooms);
      const tariff = pick(m.tariffs);
      const cls = room.classtype === "first" ? 1 : room.classtype === "second" ? 2 : 3;
      const tarifIna = Number(tariff[`tarif_kelas_${cls}`]) || 0;
      const primary = pick(m.icd10);
      const factor = Math.max(0.3, 0.95 + (rnd() - 0.5) * 0.9);
      const lastExamAt = open ? Math.max(admAt + HOUR, now.getTime() - 30 * 60_000) : outAt;
      const stayId = newId();
      const list: Examination[] = [];
      for (let j = 0; j < examsPerStay; j++) {
        const at = admAt + ((j + (open ? 0.5 : 0.8)) / examsPerStay) * (lastExamAt - admAt);
        const diagnosis = [primary, ...(rnd() < 0.5 ? [pick(m.icd10)] : [])];
        const tindakan = rnd() < 0.6 ? [pick(m.icd9)] : [];
        const keyword = rnd() < 0.2 ? [pick(m.keywords)] : [];
        list.push({
          _id: newId(),
          ipdId: stayId,
          examinationDate: minute(Math.min(at, open ? lastExamAt : outAt)),
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
          assesment: primary.desc,
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
            _id: tariff._id,
            kode_inacbg: String(tariff.kode_inacbg),
            desc_inacbg: String(tariff.desc_inacbg ?? ""),
          },
          tarifinacbgSelect: room.classtype,
          tarif_ina: tarifIna,
          tarif_rs: Math.round(tarifIna * factor / examsPerStay * (0.5 + rnd()) / 1000) * 1000,
          percentage: null,
        });
      }
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
      const visit: Omit<Visit, "_id"> = {
        pasien: {
          _id: person._id,
          fullname: person.fullname,
          erm: person.erm,
          gender: person.gender,
        },
        visitDate,
        indicationranap: pick(m.indications),
        diagnosis_awal: primary.desc,
        asal: pick(["IGD", "IGD", "Poliklinik", "Rujukan"]),
        room: { _id: room._id, name: room.name },
        igd: rnd() < 0.6 ? pick(m.igd) : null,
        dpjp,
        episode: rnd() < 0.8 ? pick(m.episodes) : null,
        criteria: rnd() < 0.5 ? pick(m.criteria) : null,
        readmisi,
        readmisi_reason: readmisi ? pick(reasons) : "",
        openPasien: open ? person._id : null,
        status: open ? "dirawat" : "pulang",
        tanggal_pulang,
        dischargepatient: open ? null : pick(m.discharges),
        ...summary,
        ipddetails,
        ...sums,
        codes10: codes("diagnosis"),
        codes9: codes("tindakan"),
      };
      for (const e of ordered) tx.put(exams, e._id, e, null, { check: false });
      tx.put(visits, stayId, visit, null, { check: false });
      if (open) world.openStays.push({ _id: stayId, pasienId: person._id, visitDate });
      world.stays++;
      world.exams += ordered.length;
      prevOut = tanggal_pulang;
      if (++inTx >= 20) await flush();
    }
    if (p % 5000 === 4999) progress(`${world.stays} kunjungan`);
  }
  await flush();
  return world;
}
