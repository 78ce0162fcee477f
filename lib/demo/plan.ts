/** The demo world as a plan, free of storage: deterministic for a `now` and seed (mulberry32). */
import codes from "./codes.json" with { type: "json" };
import world from "./world.json" with { type: "json" };
import { dayStart, hospitalDay } from "../hospital_time.ts";
import { keywordHit } from "../ipd/keywords.ts";

export { codes, world };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How big the demo world is: patients, stays, stays still admitted, days back. */
export const DEMO_SIZE = { patients: 40, stays: 60, open: 15, days: 45 };

/** One examination: codes by ICD code, keywords by name, grouping by INA-CBG code. */
export interface DemoExam {
  at: string;
  subject: string;
  object: string;
  assesment: string;
  plan: string;
  diagnosis: string[];
  tindakan: string[];
  keywords: string[];
  group: string;
  tarif_rs: number;
}

/** One stay: references by name (doctors by their index in world.json). */
export interface DemoStay {
  patient: number;
  visitDate: string;
  room: string;
  dpjp: number;
  igd: number | null;
  asal: string;
  criteria: string;
  episode: string;
  indication: string;
  diagnosis_awal: string;
  readmisi_reason: string;
  exams: DemoExam[];
  discharge: { at: string; method: string } | null;
}

/** Everything to store: patients as the patient form takes them, stays in admission order. */
export type DemoPlan = ReturnType<typeof demoPlan>;

type Random = () => number;
type Case = (typeof world.cases)[number];

/** A small deterministic random source (mulberry32). */
function randomOf(seed: number): Random {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const between = (r: Random, lo: number, hi: number) => lo + r() * (hi - lo);
const pick = <T>(r: Random, list: readonly T[]): T => list[Math.floor(r() * list.length)];
const iso = (ms: number) => new Date(Math.floor(ms / MINUTE) * MINUTE).toISOString();

function shuffle<T>(r: Random, list: T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function weighted(r: Random): Case {
  const total = world.cases.reduce((n, c) => n + c.weight, 0);
  let x = r() * total;
  return world.cases.find((c) => (x -= c.weight) < 0) ?? world.cases[0];
}

/**
 * A patient's stays as [admission, discharge | null] instants, `readmit[k]` within 30 days of
 * the previous; drawn relative to the last event, so the time of day never changes the world.
 */
function chain(r: Random, now: number, readmit: boolean[], open: boolean, today: boolean) {
  const los = () => between(r, 1 * DAY, 7 * DAY);
  for (;;) {
    const ago = today ? 0 : open ? between(r, 2 * HOUR, 9 * DAY) : between(r, HOUR, 38 * DAY);
    let admit = open ? 0 : -los();
    const stays: [number, number | null][] = [[admit, open ? null : 0]];
    for (let k = readmit.length - 1; k >= 0; k--) {
      const out = admit -
        (readmit[k] ? between(r, 3 * DAY, 26 * DAY) : between(r, 31 * DAY, 37 * DAY));
      admit = out - los();
      stays.unshift([admit, out]);
    }
    if (ago - admit > DEMO_SIZE.days * DAY) continue;
    const todayStart = Date.parse(dayStart(hospitalDay(new Date(now))));
    const last = today ? todayStart + between(r, 0.2, 0.8) * (now - todayStart) : now - ago;
    return stays.map(([a, d]) => [last + a, d === null ? null : last + d] as const);
  }
}

function vitals(r: Random): string {
  const t = between(r, 36.5, 39.2).toFixed(1).replace(".", ",");
  return `KU sedang, TD ${Math.round(between(r, 100, 150))}/${Math.round(between(r, 60, 95))} ` +
    `mmHg, N ${Math.round(between(r, 68, 118))} x/menit, RR ${Math.round(between(r, 16, 26))} ` +
    `x/menit, S ${t} °C`;
}

const tariffOf = (code: string, cls: number) =>
  Number(codes.tariffs.find((t) => t[0] === code)![1 + cls]);

/** A stay's examinations: spread over the stay, codes building up, charges around the tariff. */
function examsOf(r: Random, c: Case, dx: string[], cls: number, from: number, to: number) {
  const span = to - from;
  const k = Math.min(6, Math.max(1, Math.round((span / DAY) * between(r, 0.55, 1))));
  const sec = shuffle(r, c.sec).slice(0, Math.floor(r() * 3));
  const acts = shuffle(r, c.tindakan).slice(0, 1 + Math.floor(r() * 2));
  let severity = c.groups.length > 1 && r() < 0.2 ? 1 : 0;
  const step = (list: string[], i: number) =>
    list[k === 1 ? 0 : Math.round((i * (list.length - 1)) / (k - 1))];
  const exams: DemoExam[] = [];
  for (let i = 0; i < k; i++) {
    if (i > 0 && r() < 0.25) severity = Math.min(severity + 1, c.groups.length - 1);
    const diagnosis = [...dx, ...sec.slice(0, i + (r() < 0.5 ? 1 : 0))];
    const tindakan = acts[i] ? [acts[i]] : [];
    exams.push({
      at: iso(from + (span * (i + between(r, 0.25, 0.75))) / k),
      subject: step(c.subject, i),
      object: vitals(r),
      assesment: i === 0
        ? c.awal
        : `${c.awal}, ${i === k - 1 ? "perbaikan klinis" : "dalam perawatan"}`,
      plan: step(c.plan, i),
      diagnosis,
      tindakan,
      keywords: codes.keywords.filter((w) => keywordHit(w.kode_icd, [...diagnosis, ...tindakan]))
        .map((w) => w.keyword),
      group: c.groups[severity],
      tarif_rs: 0,
    });
  }
  // the hospital's charges: about 55-145% of the final INA-CBG tariff, heavier on day one
  const ina = tariffOf(exams.at(-1)!.group, cls);
  const target = ina * (r() < 0.6 ? between(r, 0.55, 0.98) : between(r, 1.03, 1.45));
  const weights = exams.map((e, i) =>
    (i === 0 ? between(r, 1.5, 2) : between(r, 0.6, 1.4)) +
    (e.tindakan.some((t) => /^(51|41|99\.25|54)/.test(t)) ? 2 : 0)
  );
  const sum = weights.reduce((a, b) => a + b, 0);
  exams.forEach((e, i) => e.tarif_rs = Math.round((target * weights[i]) / sum / 1000) * 1000);
  return exams;
}

const CLASS_NO: Record<string, number> = { first: 1, second: 2, third: 3 };
const REASONS = ["none", "kambuh", "komplikasi"];
const DISCHARGE = [
  ...Array(11).fill("Atas Persetujuan Dokter"),
  "Dirujuk",
  "Atas Permintaan Sendiri",
];

/** The demo world placed before `now` (same `now` and seed, same plan). */
export function demoPlan(now: Date, seed = 2024) {
  const r = randomOf(seed);
  const nowMs = Math.floor(now.getTime() / MINUTE) * MINUTE;
  const erms = new Set<string>();
  while (erms.size < DEMO_SIZE.patients) {
    erms.add(String(Math.floor(between(r, 10_000, 999_999))).padStart(6, "0"));
  }
  // birth dates and cards from a source of their own: the rest of the plan stays as it was
  const b = randomOf(seed + 1);
  const patients = world.patients.slice(0, DEMO_SIZE.patients).map(([first, last, gender], i) => ({
    erm: [...erms][i],
    first_name: first,
    last_name: last,
    gender,
    phone: `08${Math.floor(between(r, 1e9, 1e10))}`,
    tgl_lahir: hospitalDay(new Date(nowMs - Math.floor(between(b, 366, 85 * 365)) * DAY)),
    nomor_kartu: String(Math.floor(between(b, 1e9, 1e10))).padStart(13, "0"),
  }));
  // 4 patients with 3 stays, 12 with 2, 24 with 1; 15 of them still admitted
  const counts = new Map(
    shuffle(r, [...patients.keys()]).map((p, i) => [p, i < 4 ? 3 : i < 16 ? 2 : 1]),
  );
  const open = new Set(shuffle(r, [...patients.keys()]).slice(0, DEMO_SIZE.open));
  const igd = world.doctors.flatMap((d, i) => (d.igd ? [i] : []));
  const stays: DemoStay[] = [];
  let todayOpen = 0, todayOut = 0, reasons = 0;
  for (const p of patients.keys()) {
    const c = weighted(r);
    const dx = pick(r, c.dx).split(" ");
    const cls = pick(r, ["first", "second", "second", "third", "third", "third"]);
    const rooms = world.rooms.filter((room) =>
      world.classes.find((k) => k.name === room.classroom)!.classtype === cls
    );
    const n = counts.get(p)!;
    const readmit = Array.from({ length: n - 1 }, () => n === 3 || r() < 0.5);
    const isOpen = open.has(p);
    const today = isOpen ? todayOpen++ < 2 : todayOut++ < 2;
    chain(r, nowMs, readmit, isOpen, today).forEach(([admit, out], k) => {
      const asal = c.planned
        ? "Poliklinik"
        : pick(r, ["IGD", "IGD", "IGD", "Poliklinik", "Rujukan Puskesmas"]);
      const end = out ?? nowMs;
      const exams = examsOf(r, c, dx, CLASS_NO[cls], admit, end);
      stays.push({
        patient: p,
        visitDate: iso(admit),
        room: pick(r, rooms).name,
        dpjp: pick(r, c.dpjp),
        igd: asal === "IGD" ? pick(r, igd) : null,
        asal,
        criteria: asal !== "IGD" ? "" : c.episode === "HCU" ? "Gawat darurat (merah)" : pick(r, [
          "Gawat tidak darurat (kuning)",
          "Gawat tidak darurat (kuning)",
          "Tidak gawat tidak darurat (hijau)",
        ]),
        episode: c.episode ?? "Rawat inap biasa",
        indication: c.indikasi,
        diagnosis_awal: c.awal,
        readmisi_reason: k === 0
          ? ""
          : c.planned
          ? "terencana"
          : REASONS[reasons++ % REASONS.length],
        exams,
        discharge: out === null ? null : {
          at: iso(out),
          method: pick(r, DISCHARGE),
        },
      });
    });
  }
  stays.sort((a, b) =>
    a.visitDate < b.visitDate ? -1 : a.visitDate > b.visitDate ? 1 : a.patient - b.patient
  );
  return { patients, stays };
}
