/** The readiness rules' codes, levels and titles, in working order; free of server imports. */
export const RULE_LIST = [
  { rule: "DIAGNOSIS_UTAMA", level: "blok", title: "Diagnosis utama valid" },
  { rule: "GROUPING", level: "blok", title: "Grouping INA-CBG" },
  { rule: "DATA_PULANG", level: "blok", title: "Data pulang dan DPJP" },
  { rule: "DATA_KLAIM", level: "blok", title: "Data E-Klaim lengkap" },
  { rule: "HASIL_PERSALINAN", level: "peringatan", title: "Persalinan dengan kode Z37" },
  { rule: "BUKTI_TINDAKAN", level: "peringatan", title: "Tindakan tercatat di pemeriksaan" },
  { rule: "LAMA_RAWAT", level: "peringatan", title: "Lama rawat dibanding median RS" },
  { rule: "READMISI_CMG", level: "peringatan", title: "Readmisi ke CMG yang sama" },
  { rule: "KEYWORD_DISPUTE", level: "peringatan", title: "Keyword dispute klaim" },
  { rule: "KELAS_TARIF", level: "peringatan", title: "Kelas tarif sesuai kelas ruang" },
] as const;

/** A rule's code. */
export type RuleCode = (typeof RULE_LIST)[number]["rule"];

const TITLES = new Map<string, string>(RULE_LIST.map((r) => [r.rule, r.title]));

/** A rule's Indonesian title (the code itself for an unknown one). */
export const ruleTitle = (code: string): string => TITLES.get(code) ?? code;
