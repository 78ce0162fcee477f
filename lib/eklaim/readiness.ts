import { conflict } from "../errors.ts";
import { type ClaimCheck, claimCheck, type ClaimContext, claimStayOf } from "../claim/readiness.ts";
import type { Visit } from "../ipd/model.ts";

/** E-Klaim's `kelas` of a group as the stays' tariff class. */
const KELAS: Record<string, string> = { kelas_1: "first", kelas_2: "second", kelas_3: "third" };

/**
 * A stay's readiness (lib/claim `CLAIM_RULES`) with E-Klaim's group as its package: once E-Klaim
 * has grouped a stay, its CBG is the package in force, whatever the examinations picked.
 */
export function readinessWith(
  stay: Visit,
  ctx: ClaimContext,
  cbg: { code: string; kelas: string } | null,
): ClaimCheck {
  const s = claimStayOf(stay);
  return claimCheck(
    cbg ? { ...s, inacbg: cbg.code, inacbgKelas: KELAS[cbg.kelas] ?? s.inacbgKelas } : s,
    ctx,
  );
}

/**
 * 409 when the stay has `blok` findings (naming each, the findings in `data`): a claim leaves
 * the hospital (final, sent) only ready. `what`: the step refused ('difinalkan', 'dikirim').
 */
export function refuseUnready(check: ClaimCheck, what: string): void {
  const blocks = check.findings.filter((f) => f.level === "blok");
  if (!blocks.length) return;
  throw conflict(
    `Klaim belum siap ${what}: ${blocks.map((f) => `${f.rule} (${f.message})`).join("; ")}`,
  ).with({ findings: check.findings });
}
