import { defineResource, type SelectDef } from "../lib/resource/resource.ts";
import { model } from "../lib/resource/fields.ts";
import { oneOf, text } from "../lib/resource/validate.ts";
import { badRequest } from "../lib/errors.ts";
import { ICD_EXAMPLES, ICD_NAMES, type IcdKind, icdKindOf } from "../lib/ipd/icd_pattern.ts";
import { icdNamesGap } from "../lib/settings/setup_checks.ts";

/** The two code sets: ICD-10 diagnoses and ICD-9-CM procedures. */
const ICD_KINDS = { icd10: "ICD-10 (Diagnosis)", icd9: "ICD-9-CM (Prosedur)" };

/** A code's kind from its first character: a letter is ICD-10, a digit ICD-9-CM. */
const kindOfCode = (code: string) => /^\d/.test(code.trim()) ? "icd9" : "icd10";

/** The code's other written form: without the dot (`A00.0` → `A000`), or as given. */
export const otherForm = (code: string) => code.includes(".") ? code.replaceAll(".", "") : code;

/** Other spellings of a kind in import files. */
const KIND_ALIASES = {
  icd10: ["icd10", "icd-10", "icd10_2010", "diagnosis"],
  icd9: ["icd9", "icd-9", "icd9cm", "icd-9-cm", "icd9cm_2010", "prosedur", "tindakan"],
};

/** A name spaced as the WHO list does: 'Demam , tidak spesifik' → 'Demam, tidak spesifik'. */
export const tidyName = (s: string) =>
  s.replace(/\s+([,.;:)\]])/g, "$1").replace(/([([])\s+/g, "$1").replace(/\s{2,}/g, " ").trim();

const isWordChar = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57);

/** True when `word` starts a word of `text` (both lowercase). */
export function startsWord(text: string, word: string): boolean {
  for (let i = text.indexOf(word); i >= 0; i = text.indexOf(word, i + 1)) {
    if (i === 0 || !isWordChar(text.charCodeAt(i - 1))) return true;
  }
  return false;
}

/** The query's dotless form and words, worked out once per query (not once per code). */
let parsed = { q: "", dotless: "", words: [] as string[] };
function parse(q: string) {
  if (parsed.q !== q) {
    parsed = { q, dotless: q.replaceAll(".", ""), words: q.split(/\s+/).filter(Boolean) };
  }
  return parsed;
}

/** Lookup match: the code (or dotless) starts with the query, or each word a description's word. */
export function icdMatch([code, code2, desc, indo = ""]: string[], q: string): boolean {
  const { dotless, words } = parse(q);
  if (code.startsWith(q) || code2.startsWith(dotless)) return true;
  return words.length > 0 && words.every((w) => startsWord(desc, w) || startsWord(indo, w));
}

/** What a match must contain in its search fields: the query, its dotless form or longest word. */
export function icdNeedles(q: string): string[] {
  const { dotless, words } = parse(q);
  const longest = words.reduce((a, w) => w.length > a.length ? w : a, "");
  return [...new Set([q, dotless, longest])];
}

/** A code field: either kind's pattern (`dotless` for `code2`), stored in capitals. */
const codeCheck = (dotless: boolean, required: boolean) => (label: string) =>
  text(label, { max: 20, required }).refine(
    (v) => v === "" || icdKindOf(v.toUpperCase(), dotless) !== null,
    {
      error: (i) =>
        `${label} "${i.input}" bukan kode ICD-10 (${ICD_EXAMPLES.icd10}) maupun ICD-9-CM (${ICD_EXAMPLES.icd9}).`,
    },
  ).transform((v) => v.toUpperCase());

/** Refuses a code (`field`) of the other kind's pattern than the record's `kind`. */
function checkKind(kind: IcdKind, field: "code" | "code2", label: string, code: string): void {
  if (!code || icdKindOf(code, field === "code2") === kind) return;
  throw badRequest(`${label} "${code}" bukan kode ${ICD_NAMES[kind]} (${ICD_EXAMPLES[kind]}).`)
    .at(field);
}

const lookup = (kind: string, exclude: string): SelectDef => ({
  where: { kind },
  exclude: [exclude, "selected", "ids"],
  match: icdMatch,
  prefilter: icdNeedles,
});

/** ICD-10 diagnoses and ICD-9-CM procedures in one list; (code, kind) is unique. */
export default defineResource({
  name: "icd",
  label: "ICD",
  page: { path: "/icd", group: "Data Master" },
  ...model({
    code: {
      label: "Kode",
      check: codeCheck(false, true),
      form: { placeholder: "mis. A09.9 atau 45.13" },
    },
    code2: {
      label: "Kode 2",
      check: codeCheck(true, false),
      form: { placeholder: "Kosongkan: dibuat dari kode (tanpa titik)" },
    },
    desc: { label: "Deskripsi", check: { max: 500, trim: false }, form: { type: "textarea" } },
    desc_indo: {
      label: "Deskripsi (Indonesia)",
      check: { max: 500, required: false },
      form: { type: "textarea", placeholder: "Boleh kosong, mis. Demam tifoid" },
    },
    kind: {
      label: "Jenis",
      choices: ICD_KINDS,
      check: (l) => oneOf(l, Object.keys(ICD_KINDS), { aliases: KIND_ALIASES }),
    },
  }, { form: ["kind"] }),
  search: ["code", "code2", "desc", "desc_indo"],
  unique: ["_key"],
  labels: { _key: "Kode dan jenis" },
  pageSize: 100,
  params: { kind: "kind" },
  lookups: [
    { label: "Cari ICD-10", select: "select2-icd10" },
    { label: "Cari ICD-9-CM", select: "select2-icd9" },
  ],
  optionText: (d) => `${d.code} - ${String(d.desc).trim()}`,
  optionNote: (d) => String(d.desc_indo ?? ""),
  selects: {
    "select2-icd10": {
      ...lookup("icd10", "diagnosis"),
      whyNotFound: ({ store, registry }) => icdNamesGap(store, registry),
    },
    "select2-icd9": lookup("icd9", "tindakan"),
  },
  import: {
    key: "_key",
    maxRows: 50_000,
    aliases: {
      code: ["kode", "kode_icd"],
      code2: ["kode_tanpa_titik", "kode2"],
      desc: ["str", "deskripsi", "deskripsi_panjang", "nama", "description", "nama_en"],
      desc_indo: ["nama_id", "deskripsi_indonesia", "nama_indonesia"],
      kind: ["jenis", "sab", "tipe"],
    },
    derived: ["kind"],
    transform: (row) => ({
      ...row,
      kind: String(row.kind ?? "").trim() ? row.kind : kindOfCode(String(row.code ?? "")),
    }),
  },
  prepare(doc) {
    const code = String(doc.code);
    const kind = doc.kind === "icd9" ? "icd9" : "icd10";
    checkKind(kind, "code", "Kode", code);
    checkKind(kind, "code2", "Kode 2", String(doc.code2 ?? ""));
    return {
      ...doc,
      code2: String(doc.code2 ?? "") || otherForm(code),
      desc_indo: tidyName(String(doc.desc_indo ?? "")),
      _key: `${code.toUpperCase()} (${doc.kind === "icd9" ? "ICD-9-CM" : "ICD-10"})`,
    };
  },
});
