/**
 * A generated inpatient data set for benches: master data through the real API and patients
 * (bench/ipd_master.ts), then stays with their examinations committed together (`Tx`, as the
 * app commits them), shaped as lib/ipd/model.ts with totals from `stayTotals`. Deterministic for
 * a given seed and `now`.
 */
import type { Hono } from "hono";
import { examsOf, visitsOf } from "../lib/ipd/stay.ts";
import type { IcdItem, KeywordItem } from "../lib/ipd/model.ts";
import { READMISSION_REASONS } from "../lib/ipd/model.ts";
import type { Store } from "../lib/db/store.ts";
import { Tx } from "../lib/db/tx.ts";
import { masterData, patients, type Room } from "./ipd_master.ts";
import { type Draw, stayOf, stayTimes } from "./ipd_stay.ts";

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
  /** The folder of the code sets (default `SHARED_DATA`, bench/shared_data.ts). */
  dataDir?: string;
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
    dataDir,
  } = opts;
  const rnd = randomOf(seed);
  const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)];
  const m = await masterData(app, cookie, store, dataDir);
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

  const start = now.getTime() - days * 86_400_000;
  const draw: Draw = {
    rnd,
    pick,
    m,
    examsPerStay,
    now,
    reasons: Object.keys(READMISSION_REASONS),
    claimRnd: randomOf(seed + 1),
  };
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

  for (let p = 0; p < nPatients; p++) {
    const person = people[p];
    const isOpen = openSet.has(p);
    let prevOut: string | null = null;
    for (const times of stayTimes(rnd, start, now, count[p], isOpen)) {
      const { stayId, visit, ordered, open, visitDate, tanggal_pulang } = stayOf(
        draw,
        person,
        times,
        prevOut,
        world.stays,
      );
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
