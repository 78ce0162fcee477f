import { isAsteriskCode } from "../asterisk.ts";
import type { ClaimStay } from "./types.ts";

const category = (code: string) => code.trim().toUpperCase().slice(0, 3);

/** External causes, V01–Y98 (ICD-10 chapter XX). */
const isExternalCause = (code: string) => {
  const c = category(code);
  return /^[V-Y]\d\d$/.test(c) && c >= "V01" && c <= "Y98";
};

/** Why the summary's primary diagnosis cannot be the main condition, or null. */
export function primaryDiagnosisProblem(stay: ClaimStay): string | null {
  const primary = stay.summary10[0]?.trim();
  if (!primary) {
    return "Ringkasan pulang belum memiliki diagnosis utama; isi diagnosis utama (ICD-10) " +
      "pada ringkasan pulang.";
  }
  if (isExternalCause(primary)) {
    return `Diagnosis utama ${primary} adalah kode sebab luar (V01–Y98), yang hanya boleh ` +
      "menjadi kode tambahan; jadikan cedera atau penyakitnya diagnosis utama.";
  }
  if (isAsteriskCode(primary)) {
    return `Diagnosis utama ${primary} adalah kode asterisk (manifestasi); jadikan kode ` +
      `dagger penyakit dasarnya diagnosis utama dan ${primary} diagnosis sekunder.`;
  }
  if (category(primary) === "Z37") {
    return `Diagnosis utama ${primary} (hasil persalinan) hanya kode tambahan pada rekam ` +
      "medis ibu; jadikan kondisi obstetrinya (mis. O80–O84) diagnosis utama.";
  }
  return null;
}

/** Delivery diagnoses O80–O84. */
const isDeliveryDiagnosis = (code: string) => /^O8[0-4]$/.test(category(code));

/** Delivery procedures, ICD-9-CM 72.x–74.x, except 74.3 and 74.91 (they end no delivery). */
const isDeliveryProcedure = (code: string) => {
  const c = code.trim();
  return /^7[234](\.|$)/.test(c) && !/^74\.3/.test(c) && c !== "74.91";
};

/** A delivery (O80–O84 or a delivery procedure) coded without its outcome (Z37.x), or null. */
export function deliveryOutcomeProblem(stay: ClaimStay): string | null {
  const dx = [...stay.summary10, ...stay.codes10];
  const px = [...stay.summary9, ...stay.codes9];
  const delivery = dx.find(isDeliveryDiagnosis) ?? px.find(isDeliveryProcedure);
  if (!delivery || dx.some((c) => category(c) === "Z37")) return null;
  return `Kunjungan persalinan (${delivery.trim()}) belum mencantumkan hasil persalinan; ` +
    "tambahkan kode Z37.x sebagai diagnosis sekunder pada ringkasan pulang.";
}
