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
import { LosMedians } from "./rules/los.ts";
import {
  dischargeProblem,
  keywordProblem,
  procedureEvidenceProblem,
  readmissionProblem,
} from "./rules/stay.ts";
import {
  CLAIM_DATA_ANCHOR,
  claimDataProblem,
  missingStayClaimData,
} from "./rules/stay_claim_data.ts";
import type { ClaimContext, ClaimSource, ClaimStay } from "./rules/types.ts";
import { hospitalZone, type ZoneName } from "../hospital_time.ts";
import { RULE_LIST, type RuleCode } from "./rule_list.ts";

export type { ClaimContext, ClaimSource, ClaimStay } from "./rules/types.ts";

/** `blok` stops a claim; `peringatan` asks for review. */
export type ClaimLevel = "blok" | "peringatan";

/** One readiness rule: what it checks, how hard, and where its finding is fixed. */
export interface ClaimRule {
  rule: string;
  level: ClaimLevel;
  /** The rule in a few words (the Klaim page's rule filter, the checklist). */
  title: string;
  /** Everything `check` and `link` read beyond the stay's record. */
  sources: readonly ClaimSource[];
  /** The message naming what to fix when the stay trips the rule, else null. */
  check: (stay: ClaimStay, ctx: ClaimContext) => string | null;
  /** Where it is fixed: the stay page with the field as anchor (islands/IpdExams.tsx opens it). */
  link: (stay: ClaimStay, ctx: ClaimContext) => string;
  /** Where each thing its message names is fixed, for a rule that names several. */
  links?: (stay: ClaimStay) => ClaimLink[];
}

/** A link of a finding to where one thing it names is fixed. */
export interface ClaimLink {
  label: string;
  href: string;
}

/** The links of DATA_KLAIM: one per place, its things' labels joined. */
function claimDataLinks(stay: ClaimStay): ClaimLink[] {
  const by = new Map<string, string[]>();
  for (const m of missingStayClaimData(stay)) by.set(m.link, [...by.get(m.link) ?? [], m.label]);
  return [...by].map(([href, labels]) => ({ label: labels.join(", "), href }));
}

const stayPage = (anchor: string) => (s: ClaimStay) =>
  `/ipd/${encodeURIComponent(s._id)}#${anchor}`;

/** Rule `code` of `RULE_LIST` with its check, its link (a stay page's anchor) and sources. */
const rule = (
  code: RuleCode,
  check: ClaimRule["check"],
  link: string | ClaimRule["link"],
  sources: readonly ClaimSource[] = [],
): ClaimRule => ({
  ...RULE_LIST.find((r) => r.rule === code)!,
  sources,
  check,
  link: typeof link === "string" ? stayPage(link) : link,
});

/** The readiness rules (Kelengkapan Klaim) in `RULE_LIST`'s order. Sources: lib/claim/README.md. */
export const CLAIM_RULES: readonly ClaimRule[] = [
  rule("DIAGNOSIS_UTAMA", primaryDiagnosisProblem, "ringkasan-diagnosis"),
  rule("GROUPING", groupingProblem, "pemeriksaan-grouping"),
  rule(
    "DATA_PULANG",
    dischargeProblem,
    (s) => stayPage(s.status === "pulang" ? "ringkasan-pulang" : "pulang")(s),
  ),
  {
    ...rule(
      "DATA_KLAIM",
      claimDataProblem,
      (s) => claimDataLinks(s)[0]?.href ?? stayPage(CLAIM_DATA_ANCHOR)(s),
    ),
    links: claimDataLinks,
  },
  rule("HASIL_PERSALINAN", deliveryOutcomeProblem, "ringkasan-diagnosis"),
  rule("BUKTI_TINDAKAN", procedureEvidenceProblem, "ringkasan-tindakan"),
  rule("LAMA_RAWAT", lengthOfStayProblem, "pemeriksaan", ["stays", "zone"]),
  rule("READMISI_CMG", readmissionProblem, (s, ctx) => {
    const prev = ctx.previousStay(s);
    return prev ? `/ipd/${encodeURIComponent(prev._id)}` : stayPage("pemeriksaan")(s);
  }, ["stays", "zone"]),
  rule("KEYWORD_DISPUTE", keywordProblem, "pemeriksaan", ["disputed-claim"]),
  rule("KELAS_TARIF", classProblem, "pemeriksaan-kelas", ["room", "class-room"]),
];

/** A finding of the readiness check. */
export interface ClaimFinding {
  rule: string;
  level: ClaimLevel;
  message: string;
  link: string;
  /** Where each thing the message names is fixed, when it names several (DATA_KLAIM). */
  links?: ClaimLink[];
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
    if (!message) continue;
    const f: ClaimFinding = { rule: r.rule, level: r.level, message, link: r.link(stay, ctx) };
    if (r.links) f.links = r.links(stay);
    findings.push(f);
  }
  return { ready: !findings.some((f) => f.level === "blok"), findings };
}

/** What the rules read of a stay; one written before its package was kept takes it from `exams`. */
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
    nomor_sep: visit.nomor_sep ?? "",
    kelas_rawat: visit.kelas_rawat ?? "",
    upgrade_class_class: visit.upgrade_class_class ?? "",
    dischargepatient: visit.dischargepatient ?? null,
    tarifRsTotal: visit.tarifRsTotal ?? 0,
    tarif_rs_rincian: visit.tarif_rs_rincian,
  };
}

/** More changed stays than this since the last build: built again whole. */
export const PATCH_MAX = 200;

/** The median table by stays' index, with the index version and zone it reflects. */
const medians = new WeakMap<
  MemIndex<Visit>,
  { version: number; zone: ZoneName; table: LosMedians }
>();

/** The medians of `index` in the current zone: kept, patched with the stays since, or new. */
function mediansOf(index: MemIndex<Visit>): LosMedians {
  const zone = hospitalZone();
  const have = medians.get(index)?.zone === zone ? medians.get(index) : undefined;
  if (have?.version === index.version) return have.table;
  const changed = have ? index.changesSince(have.version) : null;
  if (have && changed && changed.length <= PATCH_MAX) {
    for (const id of new Set(changed)) have.table.set(id, index.get(id)?.value ?? null);
    have.version = index.version;
    return have.table;
  }
  const table = new LosMedians(index.where("status", "pulang").map((r) => r.value));
  medians.set(index, { version: index.version, zone, table });
  return table;
}

/** What each member of the context reads: a rule using one reads these. */
export const CONTEXT_SOURCES: { readonly [K in keyof ClaimContext]: readonly ClaimSource[] } = {
  medianLos: ["stays", "zone"],
  previousStay: ["stays"],
  roomClass: ["room", "class-room"],
  keywords: ["disputed-claim"],
};

/** The rules' context from the in-memory indexes, built once for any number of stays. */
export async function claimContext(store: Store, registry: Registry): Promise<ClaimContext> {
  const col = (name: string) => collectionOf(store, registry.get(name)!).index();
  const [stays, rooms, classes, disputes] = await Promise.all([
    visitsOf(store).index(),
    col("room"),
    col("class-room"),
    col("disputed-claim"),
  ]);
  const table = mediansOf(stays);
  return {
    medianLos: (code, discharge) => table.median(code, discharge),
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

/** The readiness of stay `id` (404 when there is none). */
export async function checkStay(store: Store, registry: Registry, id: string): Promise<ClaimCheck> {
  const row = await getVisit(store, id);
  const exams = row.value.inacbg === undefined ? await visitExams(store, row.value) : [];
  const ctx = await claimContext(store, registry);
  return claimCheck(claimStayOf(row.value, exams.map((e) => e.value)), ctx);
}
