/** Display formatters shared by tables and forms (created once; Indonesian conventions). */
import { daysBetween, hospitalZone, type ZoneName, zoneOffsetMs } from "./hospital_time.ts";

let num: Intl.NumberFormat | undefined;
const DATES = new Map<ZoneName, Intl.DateTimeFormat>();
/** The date-time formatter of a zone, built once per zone. */
function dateFormat(zone: ZoneName): Intl.DateTimeFormat {
  let f = DATES.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", {
      timeZone: zone,
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    DATES.set(zone, f);
  }
  return f;
}

/** The months' Indonesian names, January first. */
export const MONTHS = [
  "Januari",
  "Februari",
  "Maret",
  "April",
  "Mei",
  "Juni",
  "Juli",
  "Agustus",
  "September",
  "Oktober",
  "November",
  "Desember",
] as const;

/** A phone number as staff write one: `0812-3456 7890`, `+62 21 (555) 1234`. */
export const PHONE_PATTERN = String.raw`\+?[0-9 ().-]+`;
/** What a phone field says under it. */
export const PHONE_HINT = "Angka saja; boleh diawali +, dipisah spasi, - atau tanda kurung.";

/** The browser's pattern of an `n`-digit card or ID number (spaces, dots or dashes between). */
export const digitsPattern = (n: number): string => String.raw`[ .-]*(?:\d[ .-]*){${n}}`;

const isEmpty = (v: unknown) => v == null || v === "";
const two = (n: number) => String(n).padStart(2, "0");

/**
 * 1234567 → '1.234.567' (id-ID, no decimals), grouped here as `Intl.NumberFormat("id-ID")` does:
 * building that formatter is slow on a slow PC, on every page load.
 */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n) || Math.abs(n) >= 1e15) {
    num ??= new Intl.NumberFormat("id-ID", { maximumFractionDigits: 0 });
    return num.format(n);
  }
  const digits = String(Math.round(Math.abs(n))).replace(/\B(?=(\d{3})+$)/g, ".");
  return n < 0 || Object.is(n, -0) ? `-${digits}` : digits;
}

/** 1234567 → 'Rp 1.234.567', -13300100 → '-Rp 13.300.100'; empty or not a number → '-'. */
export function formatMoney(v: unknown): string {
  if (isEmpty(v) || !Number.isFinite(Number(v))) return "-";
  const n = Number(v), digits = formatNumber(Math.abs(n));
  return n < 0 && digits !== "0" ? `-Rp ${digits}` : `Rp ${digits}`;
}

/** Largest rupiah amount accepted (Rp 100 miliar, well inside safe integers). */
export const MAX_RUPIAH = 100_000_000_000;

/** A typed rupiah amount: whole rupiah (`undefined` when left empty), or why it is refused. */
export type RupiahRead = { value: number | undefined; error?: undefined } | {
  value?: undefined;
  error: string;
};

/** '1500000' → '1.500.000' for digits of any length (no rounding through a number). */
const groupDigits = (digits: string) =>
  (digits.replace(/^0+(?=\d)/, "")).replace(/\B(?=(\d{3})+$)/g, ".");

/**
 * Reads a rupiah amount (server and browser alike): '1234567', 'Rp 1.234.567', '1.234.567,00',
 * 0 to `MAX_RUPIAH`; '150,000' is refused as ambiguous (Indonesian decimals, English thousands).
 */
export function readRupiah(v: unknown, label: string): RupiahRead {
  const bad = {
    error: `${label} harus berupa rupiah bulat 0 sampai ${
      formatNumber(MAX_RUPIAH)
    } (tanpa pecahan).`,
  };
  const negative = { error: `${label} tidak boleh negatif.` };
  if (typeof v === "number") {
    if (v < 0) return negative;
    return Number.isSafeInteger(v) && v <= MAX_RUPIAH ? { value: v + 0 } : bad;
  }
  if (v == null) return { value: undefined };
  const typed = String(v).trim();
  const s = typed.replace(/^rp\.?\s*/i, "").replace(/\s/g, "");
  if (s === "") return { value: undefined };
  if (/^-\d/.test(s)) return negative;
  const english = s.match(/^(\d+)((?:,\d{3})+)(?:\.\d+)?$/);
  if (english) {
    const whole = groupDigits(english[1] + english[2].replaceAll(",", ""));
    const ask = `tulis ${whole} atau ${whole.replaceAll(".", "")}.`;
    if (english[2].length === 4 && !s.includes(".")) {
      const decimals = english[2].slice(1).replace(/0+$/, "");
      const asDecimal = groupDigits(english[1]) + (decimals ? `,${decimals}` : "");
      return { error: `${label} "${typed}" bisa dibaca ${asDecimal} atau ${whole}: ${ask}` };
    }
    return { error: `${label} "${typed}" memakai koma sebagai pemisah ribuan: ${ask}` };
  }
  const digits = /^\d{1,3}(\.\d{3})+(,0+)?$/.test(s)
    ? s.replace(/,0+$/, "").replaceAll(".", "")
    : /^\d+(,0+|\.0+)?$/.test(s)
    ? s.replace(/[,.]0+$/, "")
    : null;
  if (digits === null || digits.replace(/^0+(?=\d)/, "").length > 12) return bad;
  const n = Number(digits);
  return n <= MAX_RUPIAH ? { value: n } : bad;
}

/** A date (ISO text, epoch ms or Date) → 'DD-MM-YYYY HH:mm' in the hospital's zone, or '-'. */
export function formatDateTime(v: unknown, zone: ZoneName = hospitalZone()): string {
  if (isEmpty(v)) return "-";
  const d = new Date(v as string);
  if (Number.isNaN(d.getTime())) return String(v);
  // the hospital zones have kept one offset since 1970: a slow PC is spared building Intl's
  // zone formatter on every page load; other years go to Intl
  const w = new Date(d.getTime() + zoneOffsetMs(zone));
  const y = w.getUTCFullYear();
  if (y >= 1970 && y <= 9999) {
    return `${two(w.getUTCDate())}-${two(w.getUTCMonth() + 1)}-${y} ${two(w.getUTCHours())}:${
      two(w.getUTCMinutes())
    }`;
  }
  const p = Object.fromEntries(dateFormat(zone).formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}`;
}

/** A date → 'DD-MM-YYYY' in the hospital's zone (or `zone`); empty → '-'. */
export function formatDate(v: unknown, zone?: ZoneName): string {
  const s = formatDateTime(v, zone);
  return /^\d{2}-\d{2}-\d{4} /.test(s) ? s.slice(0, 10) : s;
}

/** A calendar day `YYYY-MM-DD` (a birth date: a day, no zone) → 'DD-MM-YYYY'; empty → '-'. */
export function formatDay(v: unknown): string {
  if (isEmpty(v)) return "-";
  const m = String(v).match(/^(\d{4})-(\d{2})-(\d{2})$/);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : String(v);
}

/** Age on `day` of one born on `birth` (`YYYY-MM-DD`): '45 tahun', '3 bulan', '12 hari' or ''. */
export function formatAge(birth: unknown, day: string): string {
  const b = String(birth ?? "");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(b) || b > day.slice(0, 10)) return "";
  const [y1, m1, d1] = b.split("-").map(Number);
  const [y2, m2, d2] = day.slice(0, 10).split("-").map(Number);
  const months = (y2 - y1) * 12 + m2 - m1 - (d2 < d1 ? 1 : 0);
  if (months >= 12) return `${Math.floor(months / 12)} tahun`;
  return months >= 1 ? `${months} bulan` : `${daysBetween(b, day.slice(0, 10))} hari`;
}

/** A size in bytes as people read it: '512 B', '35,4 MB', '1,2 GB'. */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n) || n < 1024) return `${Number.isFinite(n) ? n : 0} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let v = n / 1024, i = 0;
  while (v >= 1024 && i < units.length - 1) v /= 1024, i++;
  return `${v.toLocaleString("id-ID", { maximumFractionDigits: v < 10 ? 2 : 1 })} ${units[i]}`;
}
