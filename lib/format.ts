/** Display formatters shared by tables and forms (created once; Indonesian conventions). */
import { hospitalZone, type ZoneName } from "./hospital_time.ts";

const NUM = new Intl.NumberFormat("id-ID", { maximumFractionDigits: 0 });
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

const isEmpty = (v: unknown) => v == null || v === "";

/** 1234567 → '1.234.567'. */
export const formatNumber = (n: number): string => NUM.format(n);

/** 1234567 → 'Rp 1.234.567'; empty or not a number → '-'. */
export function formatMoney(v: unknown): string {
  return isEmpty(v) || !Number.isFinite(Number(v)) ? "-" : `Rp ${NUM.format(Number(v))}`;
}

/**
 * A date (ISO text, epoch ms or Date) → 'DD-MM-YYYY HH:mm' in the hospital's zone (or `zone`);
 * empty → '-'.
 */
export function formatDateTime(v: unknown, zone: ZoneName = hospitalZone()): string {
  if (isEmpty(v)) return "-";
  const d = new Date(v as string);
  if (Number.isNaN(d.getTime())) return String(v);
  const p = Object.fromEntries(dateFormat(zone).formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}`;
}

/** A date → 'DD-MM-YYYY' in the hospital's zone (or `zone`); empty → '-'. */
export function formatDate(v: unknown, zone?: ZoneName): string {
  const s = formatDateTime(v, zone);
  return /^\d{2}-\d{2}-\d{4} /.test(s) ? s.slice(0, 10) : s;
}

/** A size in bytes as people read it: '512 B', '35,4 MB', '1,2 GB'. */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n) || n < 1024) return `${Number.isFinite(n) ? n : 0} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let v = n / 1024, i = 0;
  while (v >= 1024 && i < units.length - 1) v /= 1024, i++;
  return `${v.toLocaleString("id-ID", { maximumFractionDigits: v < 10 ? 2 : 1 })} ${units[i]}`;
}
