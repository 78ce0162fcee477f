import { z } from "zod";
import { badRequest } from "../errors.ts";

/**
 * A required (or optional) text field with Indonesian messages, trimmed unless `trim: false`
 * (for text that must stay byte-for-byte as given, such as code-set descriptions).
 */
export function text(
  label: string,
  opts: { required?: boolean; max?: number; trim?: boolean } = {},
) {
  const max = opts.max ?? 255;
  const str = z.string({ error: `${label} wajib diisi.` });
  const base = (opts.trim === false ? str : str.trim())
    .max(max, { error: `${label} paling banyak ${max} karakter.` });
  return opts.required === false ? base.optional().default("") : base.refine(
    (v) => v.trim().length > 0,
    { error: `${label} wajib diisi.` },
  );
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

/** Parses with a schema or throws a 400 naming every problem. */
export function parseOr400<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const r = schema.safeParse(data);
  if (!r.success) {
    const msgs = issues(r.error);
    throw badRequest(msgs.join(" "), msgs);
  }
  return r.data;
}

/** An optional e-mail address ('Invalid email address' when malformed). */
export function email(label: string, opts: { required?: boolean } = {}) {
  const base = text(label, { max: 200, required: opts.required });
  return base.refine((v) => !v || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), {
    error: "Invalid email address",
  });
}

/** One of fixed values; `aliases` maps other spellings (lowercased) to a value. */
export function oneOf(
  label: string,
  values: string[],
  opts: { required?: boolean; aliases?: Record<string, string> } = {},
) {
  return z.preprocess(
    (v) => {
      const s = String(v ?? "").trim();
      return opts.aliases?.[s.toLowerCase()] ?? s;
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
      l: "L",
      p: "P",
      "laki-laki": "L",
      "laki laki": "L",
      pria: "L",
      male: "L",
      m: "L",
      perempuan: "P",
      wanita: "P",
      female: "P",
      f: "P",
    },
  });

/** Labels of stored gender values. */
export const GENDERS = { L: "Laki-laki", P: "Perempuan" };

/**
 * A rupiah amount: a number, or text such as '1234567', 'Rp 1.234.567' or '1.234.567,00'.
 * Empty gives `undefined` (or an error when required).
 */
export function money(label: string, opts: { required?: boolean } = {}) {
  return z.preprocess(
    (v) => {
      if (typeof v === "number") return v;
      const s = String(v ?? "").trim().replace(/^rp\.?\s*/i, "").replace(/\s/g, "");
      if (s === "") return undefined;
      const plain = /^\d{1,3}(\.\d{3})+(,\d+)?$/.test(s)
        ? s.replaceAll(".", "").replace(",", ".")
        : s.replace(",", ".");
      return /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : Number.NaN;
    },
    opts.required
      ? z.number({ error: `${label} wajib diisi dengan angka.` }).min(0, {
        error: `${label} tidak boleh negatif.`,
      }).refine(Number.isFinite, { error: `${label} harus berupa angka.` })
      : z.number({ error: `${label} harus berupa angka.` }).min(0, {
        error: `${label} tidak boleh negatif.`,
      }).optional(),
  );
}

/**
 * A yes/no flag from a form, JSON or a spreadsheet cell ('ya', '1', 'true', ...); an empty
 * value (a blank import cell) means "not given" and parses to `undefined`.
 */
export function flag() {
  return z.preprocess((v) => {
    if (typeof v === "boolean") return v;
    if (v == null || String(v).trim() === "") return undefined;
    const s = String(v).trim().toLowerCase();
    return ["1", "true", "ya", "y", "on", "yes"].includes(s);
  }, z.boolean().optional());
}
