import { conflict } from "../errors.ts";
import { type ClaimCheck, claimCheck, type ClaimContext, claimStayOf } from "../claim/readiness.ts";
import type { Visit } from "../ipd/model.ts";

/** E-Klaim's `kelas` of a group as the stays' tariff class. */
const KELAS: Record<string, string> = { kelas_1: "first", kelas_2: "second", kelas_3: "third" };

/** A stay's readiness with E-Klaim's group, once there is one, as its package. */
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

/** 409 naming the `blok` findings of `check` (a claim is finalised and sent only ready). */
export function refuseUnready(check: ClaimCheck, what: string): void {
  const blocks = check.findings.filter((f) => f.level === "blok");
  if (!blocks.length) return;
  throw conflict(
    `Klaim belum siap ${what}: ${blocks.map((f) => `${f.rule} (${f.message})`).join("; ")}`,
  ).with({ findings: check.findings });
}
