import { formatDateTime } from "../../format.ts";
import { isReadmission } from "../../ipd/rules.ts";
import { keywordHits } from "../../ipd/keywords.ts";
import type { ClaimContext, ClaimStay } from "./types.ts";

/** The stay not discharged, or discharged without a DPJP, or null. */
export function dischargeProblem(stay: ClaimStay): string | null {
  if (stay.status !== "pulang" || !stay.tanggal_pulang) {
    return "Pasien belum dipulangkan; isi tanggal pulang, cara pulang dan ringkasan pulang.";
  }
  if (!stay.dpjp) return "DPJP kunjungan belum diisi; pilih DPJP pada data kunjungan.";
  return null;
}

/** Procedures of the discharge summary that no examination of the stay records, or null. */
export function procedureEvidenceProblem(stay: ClaimStay): string | null {
  const done = new Set(stay.codes9.map((c) => c.trim().toUpperCase()));
  const missing = stay.summary9.map((c) => c.trim()).filter((c) => !done.has(c.toUpperCase()));
  if (!missing.length) return null;
  return `Tindakan ${missing.join(", ")} pada ringkasan pulang tidak tercatat di pemeriksaan ` +
    "mana pun; catat tindakan itu pada pemeriksaan hari dilakukannya, atau hapus dari ringkasan.";
}

const cmg = (code: string | null) => code?.trim().charAt(0).toUpperCase() ?? "";

/** A readmission (lib/ipd `isReadmission`) into the previous stay's CMG, or null. */
export function readmissionProblem(stay: ClaimStay, ctx: ClaimContext): string | null {
  const prev = ctx.previousStay(stay);
  if (!prev || !isReadmission(prev.tanggal_pulang, stay.visitDate)) return null;
  const group = cmg(stay.inacbg);
  if (!group || group !== cmg(prev.inacbg)) return null;
  return `Readmisi kurang dari 30 hari ke CMG yang sama (${group}): kunjungan sebelumnya ` +
    `pulang ${formatDateTime(prev.tanggal_pulang)} dengan ${prev.inacbg}; pastikan alasan ` +
    "klinis readmisi tercatat dan kedua kunjungan bukan satu episode.";
}

/** The stay's codes hit disputed-claim keywords (lib/ipd `keywordHits`), or null. */
export function keywordProblem(stay: ClaimStay, ctx: ClaimContext): string | null {
  const codes = [...stay.summary10, ...stay.summary9, ...stay.codes10, ...stay.codes9];
  const hits = keywordHits(ctx.keywords, codes);
  if (!hits.length) return null;
  return `Kode kunjungan ini terkena keyword dispute klaim: ${
    hits.map((k) => `${k.keyword} (${k.kode_icd})${k.rekomendasi ? `: ${k.rekomendasi}` : ""}`)
      .join("; ")
  }. Lengkapi bukti sesuai rekomendasi sebelum klaim dikirim.`;
}
