/** Display formatters shared by tables and forms (created once; Indonesian conventions). */

const NUM = new Intl.NumberFormat("id-ID", { maximumFractionDigits: 0 });
const DATE = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Jakarta",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

const isEmpty = (v: unknown) => v == null || v === "";

/** 1234567 → '1.234.567'. */
export const formatNumber = (n: number): string => NUM.format(n);

/** 1234567 → 'Rp 1.234.567'; empty or not a number → '-'. */
export function formatMoney(v: unknown): string {
  return isEmpty(v) || !Number.isFinite(Number(v)) ? "-" : `Rp ${NUM.format(Number(v))}`;
}

/** A date (ISO text, epoch ms or Date) → 'DD-MM-YYYY HH:mm' in Asia/Jakarta; empty → '-'. */
export function formatDateTime(v: unknown): string {
  if (isEmpty(v)) return "-";
  const d = new Date(v as string);
  if (Number.isNaN(d.getTime())) return String(v);
  const p = Object.fromEntries(DATE.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}`;
}
