import type { Visit } from "../ipd/model.ts";
import { visitsOf } from "../ipd/stay.ts";
import type { MemIndex } from "../index/index.ts";
import type { Registry } from "../resource/refs.ts";
import { collectionOf } from "../resource/resource.ts";
import type { Store } from "../db/store.ts";
import { LOS_WINDOW_MONTHS, type LosEntry, losEntry } from "./rules/los.ts";
import { type ClaimCheck, claimCheck, claimContext, claimStayOf, PATCH_MAX } from "./readiness.ts";

/** What a discharged stay's check read: its patient, and its entry in the medians. */
interface Kept {
  pasien: string;
  los: LosEntry | null;
}

/** The readiness of every discharged stay by store, patched after writes to a few stays. */
type Bulk = { others: string; version: number; checks: Map<string, ClaimCheck> };
const bulk = new WeakMap<Store, Bulk & { kept: Map<string, Kept> }>();

const keptOf = (v: Visit): Kept => ({ pasien: v.pasien._id, los: losEntry(v) });
const sameLos = (a: LosEntry | null, b: LosEntry | null) =>
  a?.code === b?.code && a?.month === b?.month && a?.los === b?.los;

/** The discharged stays of `code` whose median counts month `month` (the 12 months after it). */
function countingMonth(stays: MemIndex<Visit>, kept: Map<string, Kept>, e: LosEntry): string[] {
  return stays.where("inacbg", e.code).map((r) => r.value._id).filter((id) => {
    const m = kept.get(id)?.los?.month;
    return m !== undefined && m > e.month && m <= e.month + LOS_WINDOW_MONTHS;
  });
}

/**
 * The readiness of every discharged stay, by id, from the in-memory indexes only (the stays'
 * index keeps the summary's codes and the package): for the claim list and its counters. Kept
 * until a room, class or disputed-claim keyword changes (then built again); after writes to a
 * few stays only the checks they can change are redone: the stays written, their patients'
 * stays (readmission), and, when a discharged stay's package, month or length changed (the
 * medians), the stays of the packages it had and has discharged in the 12 months after it.
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
  const redo = new Set<string>(), patients = new Set<string>(), moved: LosEntry[] = [];
  for (const id of new Set(changed)) {
    const was = have.kept.get(id);
    const now = stays.get(id)?.value;
    const k = now?.status === "pulang" ? keptOf(now) : null;
    redo.add(id);
    for (const p of [was?.pasien, now?.pasien._id]) if (p) patients.add(p);
    if (!sameLos(was?.los ?? null, k?.los ?? null)) {
      for (const e of [was?.los, k?.los]) if (e) moved.push(e);
    }
  }
  for (const p of patients) for (const r of stays.where("pasien._id", p)) redo.add(r.value._id);
  for (const e of moved) for (const id of countingMonth(stays, have.kept, e)) redo.add(id);
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
