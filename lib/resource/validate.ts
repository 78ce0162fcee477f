import { z } from "zod";
import { badRequest } from "../errors.ts";
import { formatDay, readRupiah } from "../format.ts";
import { excelDay, hospitalDay, readWallClock, wallClockProblem } from "../hospital_time.ts";

/** A text field with Indonesian messages, trimmed unless `trim: false`; multi-line over 255. */
export function text(
  label: string,
  opts: { required?: boolean; max?: number; trim?: boolean } = {},
) {
  const max = opts.max ?? 255;
  const multiline = max > 255;
  const str = z.string({ error: `${label} wajib diisi.` });
  const base = (opts.trim === false ? str : str.trim())
    .max(max, { error: `${label} paling banyak ${max} karakter.` })
    .refine((v) => !badChar(v, multiline), {
      error: (i) =>
        `${label} berisi karakter yang tidak diizinkan (${badChar(i.input as string, multiline)}).`,
    });
  return opts.required === false ? base.optional().default("") : base.refine(
    (v) => v.trim().length > 0,
    { error: `${label} wajib diisi.` },
  );
}

/** The first control or bidi character of `v` as `U+XXXX`, or null (`multiline`: newlines pass). */
export function badChar(v: string, multiline = false): string | null {
  // deno-lint-ignore no-control-regex
  const m = v.match(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
  if (!m) return null;
  const ch = m[0];
  if (multiline && (ch === "\n" || ch === "\r" || ch === "\t")) {
    const rest = v.replace(/[\n\r\t]/g, "");
    return rest === v ? null : badChar(rest, false);
  }
  return `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** A required reference id (a parent picked in a select). */
export function refId(label: string) {
  return z.string({ error: `${label} wajib dipilih.` }).trim().min(1, {
    error: `${label} wajib dipilih.`,
  });
}

/** The messages of a failed parse, one per problem. */
export function issues(error: z.ZodError): string[] {
  return error.issues.map((i) => i.message);
}

/** Parses with a schema or throws a 400 naming every problem, each at its field. */
export function parseOr400<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const r = schema.safeParse(data);
  if (!r.success) {
    const msgs = issues(r.error);
    const e = badRequest(msgs.join(" "), msgs);
    for (const i of r.error.issues) {
      const name = i.path[0];
      // the first problem of each input is the one said under it
      if (typeof name === "string" && !e.fields?.[name]) e.at(name, i.message);
    }
    throw e;
  }
  return r.data;
}

/** A required e-mail address ('Invalid email address' when malformed). */
export function email(label: string) {
  const base = text(label, { max: 200, required: true });
  return base.refine((v) => !v || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), {
    error: "Invalid email address",
  });
}

/** One of fixed values; `aliases` gives a value's other spellings (any case). */
export function oneOf(
  label: string,
  values: string[],
  opts: { required?: boolean; aliases?: Record<string, string[]> } = {},
) {
  const alias = new Map(
    Object.entries(opts.aliases ?? {}).flatMap(([v, names]) => names.map((n) => [n, v])),
  );
  return z.preprocess(
    (v) => {
      const s = String(v ?? "").trim();
      return alias.get(s.toLowerCase()) ?? s;
    },
    z.string().refine((v) => (v === "" && opts.required === false) || values.includes(v), {
      error: `${label} harus salah satu dari: ${values.join(", ")}.`,
    }),
  );
}

/** Gender as stored ('L' or 'P'), accepting the usual spellings; may be empty. */
export const gender = () =>
  oneOf("Jenis kelamin", ["L", "P"], {
    required: false,
    aliases: {
      L: ["l", "laki-laki", "laki laki", "pria", "male", "m"],
      P: ["p", "perempuan", "wanita", "female", "f"],
    },
  });

/** Labels of stored gender values. */
export const GENDERS = { L: "Laki-laki", P: "Perempuan" };

/** Whole rupiah, read as the browser's forms read it (`readRupiah`); empty: `undefined`. */
export function money(label: string, opts: { required?: boolean } = {}) {
  const read = (
    v: unknown,
    ctx: { addIssue: (i: { code: "custom"; message: string }) => void },
  ) => {
    const r = readRupiah(v, label);
    if (r.error !== undefined) ctx.addIssue({ code: "custom", message: r.error });
    return r.value;
  };
  return opts.required
    ? z.preprocess(read, z.number({ error: `${label} wajib diisi dengan angka.` }))
    : z.preprocess(read, z.number().optional());
}

/** Why a date-time text is refused (null: well formed), before any time-zone conversion. */
export function dateTimeProblem(v: string, label: string): string | null {
  const m = v.trim().match(
    /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/,
  );
  if (!m) {
    return `${label} harus berformat YYYY-MM-DD HH:mm (atau ISO 8601, mis. 2026-01-31T08:00Z).`;
  }
  const [y, mo, d, h, mi, se] = m.slice(1, 7).map((x) => Number(x ?? 0));
  const maxYear = new Date().getUTCFullYear() + 1;
  if (y < 1900 || y > maxYear) return `${label}: tahun harus antara 1900 dan ${maxYear}.`;
  const real = new Date(Date.UTC(y, mo - 1, d));
  if (mo < 1 || mo > 12 || real.getUTCDate() !== d || real.getUTCMonth() !== mo - 1) {
    return `${label}: tanggal ${m[3]}-${m[2]}-${m[1]} tidak ada di kalender.`;
  }
  if (h > 23 || mi > 59 || se > 59) return `${label}: jam ${m[4]}:${m[5]} tidak valid.`;
  return null;
}

/** An id that can name a record: at most 100 letters, digits and `-_.:`. */
export const isSaneId = (id: string): boolean => /^[\w.:-]{1,100}$/.test(id);

/** A yes/no flag from a form, JSON or a cell ('ya', '1', 'true'...); empty: `undefined`. */
export function flag() {
  return z.preprocess((v) => {
    if (typeof v === "boolean") return v;
    if (v == null || String(v).trim() === "") return undefined;
    const s = String(v).trim().toLowerCase();
    return ["1", "true", "ya", "y", "on", "yes"].includes(s);
  }, z.boolean().optional());
}

/** A past day (a birth date) as `YYYY-MM-DD`, from typed text or an .xlsx cell; absent stays so. */
export function pastDay(label: string, maxYears = 130) {
  return z.unknown().transform((v, ctx): string | undefined => {
    if (v === undefined || v === null) return undefined;
    const said = v instanceof Date ? v.toISOString() : String(v).trim();
    if (said === "") return "";
    const today = hospitalDay(new Date());
    const earliest = `${Number(today.slice(0, 4)) - maxYears}${today.slice(4)}`;
    const future = `${label} tidak boleh setelah hari ini (${formatDay(today)}).`;
    const old = `${label} tidak boleh lebih dari ${maxYears} tahun yang lalu (paling awal ${
      formatDay(earliest)
    }).`;
    const day = dayOf(said);
    const why = day ? null : wallClockProblem(said);
    const problem = why === "calendar"
      ? `${label}: tanggal "${said}" tidak ada di kalender.`
      : why === "year"
      ? Number(said.match(/\d{4}/)?.[0]) < 1900 ? old : future
      : why
      ? `${label} "${said}" tidak dapat dibaca: tulis DD-MM-YYYY (mis. 31-01-1980).`
      : day! > today
      ? future
      : day! < earliest
      ? old
      : null;
    if (problem) ctx.addIssue({ code: "custom", message: problem });
    return problem ? z.NEVER : day!;
  }).optional();
}

/** The day of a serial day number, an ISO instant (a Date cell) or typed text (time dropped). */
function dayOf(said: string): string | null {
  if (/^\d+(\.\d+)?$/.test(said)) return excelDay(said);
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/.test(said)) {
    return Number.isNaN(Date.parse(said)) ? null : hospitalDay(said);
  }
  const w = readWallClock(said);
  return w && `${w.year}-${pad2(w.month)}-${pad2(w.day)}`;
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/** Exactly `n` digits kept as text (spaces, dots and dashes dropped); empty gives ''. */
export function digitCode(label: string, n: number) {
  return z.preprocess(
    (v) => v == null ? v : String(v).trim().replace(/[\s.-]/g, ""),
    z.string().optional().default("").superRefine((v, ctx) => {
      if (!v) return;
      const bad = !/^\d+$/.test(v)
        ? `${label} hanya boleh berisi angka (${n} angka).`
        : v.length !== n
        ? `${label} harus ${n} angka, terisi ${v.length}` +
          (v.length < n ? " (angka 0 di depan hilang? isi sel Excel sebagai teks)." : ".")
        : "";
      if (bad) ctx.addIssue({ code: "custom", message: bad });
    }),
  );
}
