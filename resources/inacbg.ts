import { defineResource } from "../lib/resource/resource.ts";
import { capitals, type Field, model } from "../lib/resource/fields.ts";
import { startsWord } from "./icd.ts";

/** An INA-CBG code: CMG letter, case type, number, severity (A-4-10-I, Q-5-44-0, X-0-00-X). */
export const INACBG_CODE = "[A-Z]-[0-9]-[0-9]{2}-(0|I|II|III|X)";
/** How the code's format is said in the forms. */
export const INACBG_HINT = "Format huruf-angka-2 angka-tingkat, mis. A-4-10-I atau J-4-16-II.";

const plain = (s: string) => s.replace(/[^a-z0-9]/g, "");

/** A group lookup's match: each query word starts the code (dashes or not) or a desc word. */
export function groupMatch(code: string, descs: string[], q: string): boolean {
  const words = q.split(/\s+/).filter(Boolean);
  const bare = plain(code);
  return words.length > 0 &&
    words.every((w) =>
      code.startsWith(w) || (plain(w) !== "" && bare.startsWith(plain(w))) ||
      descs.some((d) => startsWord(d, w))
    );
}

const most = (n: number) => `Paling banyak ${n} karakter`;
/** A short optional part of the code, its example said under it. */
const short = (label: string, example: string): Field => ({
  label,
  check: { max: 5, required: false },
  form: { maxLength: 5, hint: `${most(5)}${example}` },
});

/** The INA-CBG grouping codes (v5) with their descriptions: a code set, like ICD. */
export default defineResource({
  name: "inacbg",
  label: "Grup INA-CBG",
  page: { path: "/grup-inacbg", group: "Data Master" },
  ...model({
    kode: {
      label: "Kode",
      check: { max: 20 },
      form: { placeholder: "mis. A-4-10-I", maxLength: 20, hint: `${most(20)}. ${INACBG_HINT}` },
    },
    deskripsi: {
      label: "Deskripsi",
      check: { max: 500, trim: false },
      form: { maxLength: 500, hint: `${most(500)}.` },
    },
    cmg: short("CMG", ", mis. A."),
    case_type: short("Tipe Kasus", ", mis. 4."),
    severity: short("Severity", ": 0, I, II atau III."),
  }),
  search: ["kode", "deskripsi"],
  selects: { select2: { match: ([kode, deskripsi], q) => groupMatch(kode, [deskripsi], q) } },
  unique: ["kode"],
  normalize: capitals,
  pageSize: 100,
  optionText: (d) => `${d.kode} - ${String(d.deskripsi).trim()}`,
  import: {
    key: "kode",
    aliases: { kode: ["kode_inacbg", "code"], deskripsi: ["desc", "description"] },
  },
});
