import { importRefusal } from "../resource/importer.ts";
import { badChar } from "../resource/validate.ts";
import { badRequest } from "../errors.ts";
import { parseDay } from "../hospital_time.ts";
import { formatNumber, MAX_RUPIAH } from "../format.ts";
import { ICD_NAMES, type IcdKind, icdKindOf } from "../ipd/icd_pattern.ts";

/** The export's columns read, by header name (`names`: those accepted, the first for messages). */
const EKLAIM_COLUMNS = {
  sep: { names: ["SEP"], required: true },
  mrn: { names: ["MRN"], required: true },
  admission: { names: ["ADMISSION_DATE"], required: true },
  discharge: { names: ["DISCHARGE_DATE"], required: true },
  inacbg: { names: ["INACBG", "KODE_INACBG"], required: true },
  tarif: { names: ["TOTAL_TARIF"], required: true },
  tarifRs: { names: ["TARIF_RS"], required: true },
  ptd: { names: ["PTD"], required: false },
  nama: { names: ["NAMA_PASIEN"], required: false },
  noKartu: { names: ["NOKARTU"], required: false },
  kelasRawat: { names: ["KELAS_RAWAT"], required: false },
  deskripsi: { names: ["DESKRIPSI_INACBG"], required: false },
  los: { names: ["LOS"], required: false },
  dpjp: { names: ["DPJP"], required: false },
  diaglist: { names: ["DIAGLIST"], required: false },
  proclist: { names: ["PROCLIST"], required: false },
  icu: { names: ["ICU_INDIKATOR"], required: false },
  icuLos: { names: ["ICU_LOS"], required: false },
  versi: { names: ["VERSI_INACBG"], required: false },
} as const;

type Field = keyof typeof EKLAIM_COLUMNS;

/** One claim as E-Klaim grouped it (an inpatient row of the export). */
export interface EklaimClaim {
  sep: string;
  mrn: string;
  nama: string;
  noKartu: string;
  /** `YYYY-MM-DD`. */
  admission: string;
  discharge: string;
  los: number | null;
  kelasRawat: string;
  /** The final INA-CBG code, e.g. `J-4-16-II`. */
  inacbg: string;
  deskripsi: string;
  /** TOTAL_TARIF: the package E-Klaim grouped (rupiah). */
  tarif: number;
  /** TARIF_RS: the hospital's own charges as entered in E-Klaim (rupiah). */
  tarifRs: number;
  dpjp: string;
  diagnoses: string[];
  procedures: string[];
  icu: boolean;
  icuLos: number | null;
  /** VERSI_INACBG of the TXT, or the grouper's `inacbg_version` (bridge); absent: not given. */
  versi?: string;
  /** Written by the bridge's grouping (`ws`); absent: by a TXT import. */
  via?: "ws";
  /** The bridge: the grouper's tariff class (`kelas_3`); a TXT's is KELAS_RAWAT. */
  kelas?: string;
  /** The bridge's grouping: its stage, whether final, the special CMGs chosen (stage 2). */
  stage?: 1 | 2;
  final?: boolean;
  specialCmg?: { code: string; description: string; tariff: number; type: string }[];
}

/** An inpatient row with its line in the file (1 = the header). */
export interface EklaimRow {
  line: number;
  claim: EklaimClaim;
}

/** What a TXT export holds: its inpatient rows and how many outpatient rows were passed over. */
export interface EklaimFile {
  rows: EklaimRow[];
  outpatient: number;
}

/** Bytes as text: UTF-8, else Windows-1252 (files saved by Windows tools). */
function decode(bytes: Uint8Array): string {
  if (bytes.subarray(0, 8192).includes(0)) {
    throw badRequest("Berkas bukan ekspor TXT E-Klaim (berkas biner, bukan teks).");
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

const clean = (s: string | undefined) => (s ?? "").trim().replace(/^"(.*)"$/, "$1").trim();

/** E-Klaim dates: `DD/MM/YYYY`, also `YYYY-MM-DD` and `DD-MM-YYYY`, as `YYYY-MM-DD`. */
function eklaimDay(v: string): string | null {
  const s = v.trim().replace(/ 00:00(:00)?$/, "");
  return parseDay(s.replaceAll("/", "-"));
}

/** Whole rupiah as digits (E-Klaim may add `.00`) to `MAX_RUPIAH`, never rounded; else why not. */
export function eklaimRupiah(v: string): number | string {
  const m = v.trim().match(/^(\d+)(?:\.(\d+))?$/);
  if (!m) return `"${v}" bukan angka rupiah.`;
  if (/[1-9]/.test(m[2] ?? "")) {
    return `"${v}" berisi pecahan rupiah; E-Klaim menulis rupiah bulat.`;
  }
  const n = Number(m[1]);
  return n <= MAX_RUPIAH ? n : `${formatNumber(n)} melebihi batas Rp ${formatNumber(MAX_RUPIAH)}.`;
}

/** The `;`-separated codes of a list, each of `kind`'s pattern (dotted or not); else why not. */
function codes(v: string, kind: IcdKind): string[] | string {
  const list = v.split(";").map((c) => c.trim().toUpperCase()).filter(Boolean);
  const bad = list.find((c) => icdKindOf(c, true) !== kind);
  return bad === undefined ? list : `berisi "${bad}", bukan kode ${ICD_NAMES[kind]}.`;
}

/** Where each field's column is in the header (-1: absent); refuses one without a key column. */
function columnsOf(headers: string[]): Record<Field, number> {
  const col = {} as Record<Field, number>;
  const missing: string[] = [];
  for (
    const [field, spec] of Object.entries(EKLAIM_COLUMNS) as [Field, typeof EKLAIM_COLUMNS[Field]][]
  ) {
    const i = headers.findIndex((h) => (spec.names as readonly string[]).includes(h));
    col[field] = i;
    if (i < 0 && spec.required) missing.push(spec.names.join("/"));
  }
  if (missing.length) {
    const tabbed = headers.length > 1 ? "" : " (kolom harus dipisah tab)";
    throw badRequest(
      `Berkas bukan ekspor TXT E-Klaim${tabbed}: kolom wajib tidak ditemukan: ${
        missing.join(", ")
      }.`,
    );
  }
  return col;
}

/** Reads E-Klaim's tab-separated TXT export, outpatient rows counted; bad lines refuse it (400). */
export function parseEklaim(bytes: Uint8Array): EklaimFile {
  const lines = decode(bytes).split(/\r?\n/);
  const headAt = lines.findIndex((l) => l.trim() !== "");
  if (headAt < 0) throw badRequest("Berkas kosong: tidak ada baris judul E-Klaim.");
  const headers = lines[headAt].split("\t").map((h) => clean(h).toUpperCase());
  const col = columnsOf(headers);
  const errors: string[] = [];
  const rows: EklaimRow[] = [];
  let outpatient = 0;
  for (let i = headAt + 1; i < lines.length; i++) {
    const raw = lines[i];
    if (raw.trim() === "") continue;
    const line = i + 1;
    const cells = raw.split("\t");
    if (cells.length > headers.length && cells.slice(headers.length).some((c) => c.trim())) {
      errors.push(`Baris ${line}: berisi ${cells.length} kolom, judul hanya ${headers.length}.`);
      continue;
    }
    const used = Math.max(...Object.values(col));
    if (cells.length <= used) {
      errors.push(`Baris ${line}: hanya ${cells.length} kolom, judul berisi ${headers.length}.`);
      continue;
    }
    const get = (f: Field) => col[f] < 0 ? "" : clean(cells[col[f]]);
    if (col.ptd >= 0 && get("ptd") !== "1") {
      outpatient++;
      continue;
    }
    const bad = (f: Field, why: string) =>
      errors.push(`Baris ${line}: ${EKLAIM_COLUMNS[f].names[0]} ${why}`);
    const before = errors.length;
    for (const f of Object.keys(EKLAIM_COLUMNS) as Field[]) {
      const ch = col[f] < 0 ? null : badChar(get(f));
      if (ch) bad(f, `berisi karakter yang tidak diizinkan (${ch}).`);
    }
    if (errors.length > before) continue;
    const sep = get("sep");
    if (!/^[A-Za-z0-9./-]{1,40}$/.test(sep)) bad("sep", `"${sep}" tidak valid.`);
    const mrn = get("mrn");
    if (!mrn || mrn.length > 40) bad("mrn", mrn ? "terlalu panjang." : "kosong.");
    const admission = eklaimDay(get("admission"));
    if (!admission) bad("admission", `"${get("admission")}" bukan tanggal (DD/MM/YYYY).`);
    const discharge = eklaimDay(get("discharge"));
    if (!discharge) bad("discharge", `"${get("discharge")}" bukan tanggal (DD/MM/YYYY).`);
    if (admission && discharge && discharge < admission) {
      bad("discharge", "sebelum ADMISSION_DATE.");
    }
    const inacbg = get("inacbg").toUpperCase();
    if (!/^[A-Z0-9][A-Z0-9.-]{0,19}$/.test(inacbg)) {
      errors.push(`Baris ${line}: kode INA-CBG "${inacbg}" tidak valid.`);
    }
    const tarif = eklaimRupiah(get("tarif"));
    if (typeof tarif === "string") bad("tarif", tarif);
    const tarifRs = eklaimRupiah(get("tarifRs"));
    if (typeof tarifRs === "string") bad("tarifRs", tarifRs);
    const diagnoses = codes(get("diaglist"), "icd10");
    if (typeof diagnoses === "string") bad("diaglist", diagnoses);
    const procedures = codes(get("proclist"), "icd9");
    if (typeof procedures === "string") bad("proclist", procedures);
    const count = (f: Field) => {
      const v = get(f);
      if (v === "") return null;
      if (!/^\d{1,5}$/.test(v)) bad(f, `"${v}" bukan bilangan bulat.`);
      return Number(v);
    };
    const los = count("los");
    const icuLos = count("icuLos");
    const versi = get("versi");
    if (versi.length > 60) bad("versi", "terlalu panjang.");
    if (errors.length > before) continue;
    rows.push({
      line,
      claim: {
        sep,
        mrn,
        nama: get("nama"),
        noKartu: get("noKartu"),
        admission: admission!,
        discharge: discharge!,
        los,
        kelasRawat: get("kelasRawat"),
        inacbg,
        deskripsi: get("deskripsi"),
        tarif: tarif as number,
        tarifRs: tarifRs as number,
        dpjp: get("dpjp"),
        diagnoses: diagnoses as string[],
        procedures: procedures as string[],
        icu: get("icu") === "1",
        icuLos,
        ...(versi ? { versi } : {}),
      },
    });
  }
  if (errors.length) throw importRefusal(errors);
  return { rows, outpatient };
}
