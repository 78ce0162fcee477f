import type { Examination, Visit } from "../ipd/model.ts";
import { stayTotals } from "../ipd/rules.ts";
import { classOfRoom } from "../ipd/exam.ts";
import { getVisit, previousStay, visitExams, visitsOf } from "../ipd/stay.ts";
import type { MemIndex } from "../index/index.ts";
import type { Registry } from "../resource/refs.ts";
import { collectionOf } from "../resource/resource.ts";
import type { Store } from "../db/store.ts";
import { deliveryOutcomeProblem, primaryDiagnosisProblem } from "./rules/coding.ts";
import { classProblem, groupingProblem, lengthOfStayProblem } from "./rules/package.ts";
import { losMedians } from "./rules/los.ts";
import {
  dischargeProblem,
  keywordProblem,
  procedureEvidenceProblem,
  readmissionProblem,
} from "./rules/stay.ts";
import type { ClaimContext, ClaimStay } from "./rules/types.ts";

export type { ClaimContext, ClaimStay } from "./rules/types.ts";

/** `blok` stops a claim; `peringatan` asks for review. */
export type ClaimLevel = "blok" | "peringatan";

/** One readiness rule: what it checks, how hard, and where its finding is fixed. */
export interface ClaimRule {
  rule: string;
  level: ClaimLevel;
  /** The rule in a few words (the Klaim page's rule filter, the checklist). */
  title: string;
  /** The message naming what to fix when the stay trips the rule, else null. */
  check: (stay: ClaimStay, ctx: ClaimContext) => string | null;
  /** Where it is fixed. */
  link: (stay: ClaimStay, ctx: ClaimContext) => string;
}

const stayPage = (anchor: string) => (s: ClaimStay) =>
  `/ipd/${encodeURIComponent(s._id)}#${anchor}`;

/**
 * The readiness rules of a claim (Kelengkapan Klaim), in the order a casemix team works
 * through them. Sources: lib/claim/README.md.
 */
export const CLAIM_RULES: readonly ClaimRule[] = [
  {
    rule: "DIAGNOSIS_UTAMA",
    level: "blok",
    title: "Diagnosis utama valid",
    check: primaryDiagnosisProblem,
    link: stayPage("ringkasan-pulang"),
  },
  {
    rule: "GROUPING",
    level: "blok",
    title: "Grouping INA-CBG",
    check: groupingProblem,
    link: stayPage("pemeriksaan"),
  },
  {
    rule: "DATA_PULANG",
    level: "blok",
    title: "Data pulang dan DPJP",
    check: dischargeProblem,
    link: stayPage("ringkasan-pulang"),
  },
  {
    rule: "HASIL_PERSALINAN",
    level: "peringatan",
    title: "Persalinan dengan kode Z37",
    check: deliveryOutcomeProblem,
    link: stayPage("ringkasan-pulang"),
  },
  {
    rule: "BUKTI_TINDAKAN",
    level: "peringatan",
    title: "Tindakan tercatat di pemeriksaan",
    check: procedureEvidenceProblem,
    link: stayPage("pemeriksaan"),
  },
  {
    rule: "LAMA_RAWAT",
    level: "peringatan",
    title: "Lama rawat dibanding median RS",
    check: lengthOfStayProblem,
    link: stayPage("pemeriksaan"),
  },
  {
    rule: "READMISI_CMG",
    level: "peringatan",
    title: "Readmisi ke CMG yang sama",
    check: readmissionProblem,
    link: (s, ctx) => {
      const prev = ctx.previousStay(s);
      return prev ? `/ipd/${encodeURIComponent(prev._id)}` : stayPage("pemeriksaan")(s);
    },
  },
  {
    rule: "KEYWORD_DISPUTE",
    level: "peringatan",
    title: "Keyword dispute klaim",
    check: keywordProblem,
    link: stayPage("pemeriksaan"),
  },
  {
    rule: "KELAS_TARIF",
    level: "peringatan",
    title: "Kelas tarif sesuai kelas ruang",
    check: classProblem,
    link: stayPage("pemeriksaan"),
  },
];

/** A finding of the readiness check. */
export interface ClaimFinding {
  rule: string;
  level: ClaimLevel;
  message: string;
  link: string;
}

/** A stay's readiness: ready while no finding is `blok`. */
export interface ClaimCheck {
  ready: boolean;
  findings: ClaimFinding[];
}

/** Runs every rule of `CLAIM_RULES` on a stay. */
export function claimCheck(stay: ClaimStay, ctx: ClaimContext): ClaimCheck {
  const findings: ClaimFinding[] = [];
  for (const r of CLAIM_RULES) {
    const message = r.check(stay, ctx);
    if (message) findings.push({ rule: r.rule, level: r.level, message, link: r.link(stay, ctx) });
  }
  return { ready: !findings.some((f) => f.level === "blok"), findings };
}

/**
 * What the rules read of a stay. Its package comes from the stay (kept by `stayTotals`); a
 * stay written before that was kept takes it from `exams`.
 */
export function claimStayOf(visit: Visit, exams: Examination[] = []): ClaimStay {
  const pkg = visit.inacbg === undefined ? stayTotals(exams) : null;
  return {
    _id: visit._id,
    pasien: visit.pasien,
    visitDate: visit.visitDate,
    status: visit.status,
    tanggal_pulang: visit.tanggal_pulang,
    dpjp: visit.dpjp,
    room: visit.room,
    summary10: visit.summary10 ?? visit.summary_diagnosis?.map((i) => i.code) ?? [],
    summary9: visit.summary9 ?? visit.summary_tindakan?.map((i) => i.code) ?? [],
    codes10: visit.codes10 ?? [],
    codes9: visit.codes9 ?? [],
    inacbg: pkg ? pkg.inacbg : visit.inacbg ?? null,
    inacbgKelas: pkg ? pkg.inacbgKelas : visit.inacbgKelas ?? "",
  };
}

/** The median tables by stays' index, rebuilt when the index has changed. */
const medians = new WeakMap<MemIndex<Visit>, { version: number; of: ClaimContext["medianLos"] }>();

/** The medians built for `index` still hold at its version: no discharged stay's inputs moved. */
function keepMedians(index: MemIndex<Visit>): void {
  const have = medians.get(index);
  if (have) have.version = index.version;
}

function mediansOf(index: MemIndex<Visit>): ClaimContext["medianLos"] {
  const have = medians.get(index);
  if (have?.version === index.version) return have.of;
  const of = losMedians(index.where("status", "pulang").map((r) => r.value));
  medians.set(index, { version: index.version, of });
  return of;
}

/**
 * The context of the rules from the in-memory indexes, once for any number of stays: the
 * length-of-stay medians (kept until a stay changes), each patient's stays, the rooms'
 * classes and the disputed-claim keywords.
 */
export async function claimContext(store: Store, registry: Registry): Promise<ClaimContext> {
  const col = (name: string) => collectionOf(store, registry.get(name)!).index();
  const [stays, rooms, classes, disputes] = await Promise.all([
    visitsOf(store).index(),
    col("room"),
    col("class-room"),
    col("disputed-claim"),
  ]);
  return {
    medianLos: mediansOf(stays),
    previousStay(s) {
      const mine = stays.where("pasien._id", s.pasien._id).map((r) => r.value)
        .filter((v) => v._id !== s._id);
      const prev = previousStay(mine, s.visitDate);
      return prev
        ? { _id: prev._id, tanggal_pulang: prev.tanggal_pulang!, inacbg: prev.inacbg ?? null }
        : null;
    },
    roomClass: (roomId) => classOfRoom(rooms, classes, roomId),
    keywords: disputes.rows().map((r) => ({
      keyword: String(r.value.keyword ?? ""),
      kode_icd: String(r.value.kode_icd ?? ""),
      rekomendasi: String(r.value.rekomendasi ?? ""),
    })),
  };
}

/** What a discharged stay's check read (patient; `sig`: the median's inputs, package and dates). */
interface Kept {
  pasien: string;
  sig: string;
  code: string | null;
}

/** The readiness of every discharged stay by store, patched after writes to a few stays. */
type Bulk = { others: string; version: number; checks: Map<string, ClaimCheck> };
const bulk = new WeakMap<Store, Bulk & { kept: Map<string, Kept> }>();

/** More changed stays than this since the last build: built again whole. */
const PATCH_MAX = 200;

const keptOf = (v: Visit): Kept => ({
  pasien: v.pasien._id,
  sig: `${v.inacbg ?? ""}|${v.visitDate}|${v.tanggal_pulang ?? ""}`,
  code: v.inacbg ?? null,
});

/**
 * The readiness of every discharged stay, by id, from the in-memory indexes only (the stays'
 * index keeps the summary's codes and the package): for the claim list and its counters. Kept
 * until a room, class or disputed-claim keyword changes (then built again); after writes to a
 * few stays only the checks they can change are redone: the stays written, their patients'
 * stays (readmission), and, when a discharged stay's package or dates changed (the medians),
 * the stays of the packages it had and has.
 */
export async function claimChecks(
  store: Store,
  registry: Registry,
): Promise<Map<string, ClaimCheck>> {
  const indexes = await Promise.all(
    ["room", "class-room", "disputed-claim"].map((n) =>
      collectionOf(store, registry.get(n)!).index()
    ),
  );
  const stays = await visitsOf(store).index();
  const others = indexes.map((i) => i.version).join(".");
  const have = bulk.get(store);
  if (have?.others === others && have.version === stays.version) return have.checks;
  const changed = have?.others === others ? stays.changesSince(have.version) : null;
  if (!have || !changed || changed.length > PATCH_MAX) {
    const ctx = await claimContext(store, registry);
    const checks = new Map<string, ClaimCheck>(), kept = new Map<string, Kept>();
    for (const r of stays.where("status", "pulang")) {
      checks.set(r.value._id, claimCheck(claimStayOf(r.value), ctx));
      kept.set(r.value._id, keptOf(r.value));
    }
    bulk.set(store, { others, version: stays.version, checks, kept });
    return checks;
  }
  const redo = new Set<string>(), patients = new Set<string>(), codes = new Set<string>();
  let medians = false;
  for (const id of new Set(changed)) {
    const was = have.kept.get(id);
    const now = stays.get(id)?.value;
    const k = now?.status === "pulang" ? keptOf(now) : null;
    redo.add(id);
    for (const p of [was?.pasien, now?.pasien._id]) if (p) patients.add(p);
    if ((was?.sig ?? null) !== (k?.sig ?? null)) {
      medians = true;
      for (const c of [was?.code, k?.code]) if (c) codes.add(c);
    }
  }
  if (!medians) keepMedians(stays);
  for (const p of patients) for (const r of stays.where("pasien._id", p)) redo.add(r.value._id);
  for (const c of codes) for (const r of stays.where("inacbg", c)) redo.add(r.value._id);
  const ctx = await claimContext(store, registry);
  for (const id of redo) {
    const v = stays.get(id)?.value;
    if (v?.status === "pulang") {
      have.checks.set(id, claimCheck(claimStayOf(v), ctx));
      have.kept.set(id, keptOf(v));
    } else {
      have.checks.delete(id);
      have.kept.delete(id);
    }
  }
  have.version = stays.version;
  return have.checks;
}

/** The readiness of stay `id` (404 when there is none). */
export async function checkStay(store: Store, registry: Registry, id: string): Promise<ClaimCheck> {
  const row = await getVisit(store, id);
  const exams = row.value.inacbg === undefined ? await visitExams(store, row.value) : [];
  const ctx = await claimContext(store, registry);
  return claimCheck(claimStayOf(row.value, exams.map((e) => e.value)), ctx);
}
