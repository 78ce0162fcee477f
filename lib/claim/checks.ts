import type { Visit } from "../ipd/model.ts";
import { visitsOf } from "../ipd/stay.ts";
import type { MemIndex } from "../index/index.ts";
import type { Registry } from "../resource/refs.ts";
import { collectionOf } from "../resource/resource.ts";
import type { Store } from "../db/store.ts";
import { LOS_WINDOW_MONTHS, type LosEntry, losEntry } from "./rules/los.ts";
import { hospitalZone } from "../hospital_time.ts";
import {
  CLAIM_RULES,
  type ClaimContext,
  claimContext,
  claimStayOf,
  PATCH_MAX,
} from "./readiness.ts";
import { claimMask } from "./mask.ts";

/** A discharged stay's cached readiness (`mask`), its patient and median entry, kept flat. */
export interface CachedCheck {
  readonly mask: number;
  readonly pasien: string;
  readonly code: string | null;
  readonly month: number;
  readonly los: number;
}

const SOURCES = new Set(CLAIM_RULES.flatMap((r) => r.sources));
/** The resources the rules read: a change to one builds every check again. */
const RESOURCES = [...SOURCES].filter((s) => s !== "stays" && s !== "zone");
/** Whether a rule reads the zone: checks cached in one zone are built again in another. */
const ZONED = SOURCES.has("zone");

/** The readiness of every discharged stay by store, patched after writes to a few stays. */
type Bulk = { others: string; version: number; checks: Map<string, CachedCheck> };
const bulk = new WeakMap<Store, Bulk>();

function cachedOf(v: Visit, ctx: ClaimContext): CachedCheck {
  const e = losEntry(v);
  return {
    mask: claimMask(claimStayOf(v), ctx),
    pasien: v.pasien._id,
    code: e?.code ?? null,
    month: e?.month ?? 0,
    los: e?.los ?? 0,
  };
}
const entryOf = (k: CachedCheck | undefined): LosEntry | null =>
  k?.code ? { code: k.code, month: k.month, los: k.los } : null;
const sameLos = (a: LosEntry | null, b: LosEntry | null) =>
  a?.code === b?.code && a?.month === b?.month && a?.los === b?.los;

/** The discharged stays of `code` whose median counts month `month` (the 12 months after it). */
function countingMonth(
  stays: MemIndex<Visit>,
  cached: Map<string, CachedCheck>,
  e: LosEntry,
): string[] {
  return stays.where("inacbg", e.code).map((r) => r.value._id).filter((id) => {
    const k = cached.get(id);
    return !!k?.code && k.month > e.month && k.month <= e.month + LOS_WINDOW_MONTHS;
  });
}

/** Whether the readiness of every discharged stay has been built for `store` (cached since). */
export const readinessBuilt = (store: Store): boolean => bulk.has(store);

/**
 * The readiness of every discharged stay by id, kept until a rule's source changes; after writes
 * to a few stays only the checks they can change are redone (lib/claim/README.md).
 */
export async function claimChecks(
  store: Store,
  registry: Registry,
): Promise<ReadonlyMap<string, CachedCheck>> {
  const indexes = await Promise.all(
    RESOURCES.map((n) => collectionOf(store, registry.get(n)!).index()),
  );
  const stays = await visitsOf(store).index();
  const others = [...indexes.map((i) => i.version), ZONED ? hospitalZone() : ""].join(".");
  const have = bulk.get(store);
  if (have?.others === others && have.version === stays.version) return have.checks;
  const changed = have?.others === others ? stays.changesSince(have.version) : null;
  if (!have || !changed || changed.length > PATCH_MAX) {
    const ctx = await claimContext(store, registry);
    const checks = new Map<string, CachedCheck>();
    for (const r of stays.where("status", "pulang")) {
      checks.set(r.value._id, cachedOf(r.value, ctx));
    }
    bulk.set(store, { others, version: stays.version, checks });
    return checks;
  }
  const redo = new Set<string>(), patients = new Set<string>(), moved: LosEntry[] = [];
  for (const id of new Set(changed)) {
    const was = have.checks.get(id);
    const now = stays.get(id)?.value;
    const k = now?.status === "pulang" ? losEntry(now) : undefined;
    redo.add(id);
    for (const p of [was?.pasien, now?.pasien._id]) if (p) patients.add(p);
    if (!sameLos(entryOf(was), k ?? null)) {
      for (const e of [entryOf(was), k]) if (e) moved.push(e);
    }
  }
  for (const p of patients) for (const r of stays.where("pasien._id", p)) redo.add(r.value._id);
  for (const e of moved) for (const id of countingMonth(stays, have.checks, e)) redo.add(id);
  const ctx = await claimContext(store, registry);
  for (const id of redo) {
    const v = stays.get(id)?.value;
    if (v?.status === "pulang") have.checks.set(id, cachedOf(v, ctx));
    else have.checks.delete(id);
  }
  have.version = stays.version;
  return have.checks;
}
