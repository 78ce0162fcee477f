/**
 * Time in Asia/Jakarta (UTC+7 all year: Indonesia has no daylight saving): calendar days of
 * instants, day numbers read straight from ISO text, and date-times as staff type them.
 */

/** Jakarta is UTC+7 all year. */
export const JAKARTA_MS = 7 * 3600_000;
const DAY_MS = 86_400_000;

/** The Asia/Jakarta calendar day of an instant, as `YYYY-MM-DD`. */
export function jakartaDay(at: string | Date): string {
  return new Date(new Date(at).getTime() + JAKARTA_MS).toISOString().slice(0, 10);
}

const digits = (s: string, at: number, len: number) => {
  let v = 0;
  for (let i = at; i < at + len; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return NaN;
    v = v * 10 + c;
  }
  return v;
};

/** Days since 1970-01-01 of a proleptic Gregorian date (month 1-12). */
function daysFromCivil(y: number, m: number, d: number): number {
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  return era * 146_097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719_468;
}

/**
 * The Jakarta calendar day of an instant as a day number (days since 1970-01-01), read from an
 * ISO UTC text (`YYYY-MM-DDTHH:mm...Z`) without building a Date: the lists test it per stay.
 */
export function jakartaDayNumber(at: string | Date): number {
  if (typeof at === "string" && at.length >= 17 && at[10] === "T" && at.endsWith("Z")) {
    const h = digits(at, 11, 2);
    const day = daysFromCivil(digits(at, 0, 4), digits(at, 5, 2), digits(at, 8, 2));
    if (!Number.isNaN(day + h)) return day + (h >= 17 ? 1 : 0);
  }
  return Math.floor((new Date(at).getTime() + JAKARTA_MS) / DAY_MS);
}

/** The day number of a `YYYY-MM-DD` day. */
export const dayNumber = (day: string): number =>
  daysFromCivil(digits(day, 0, 4), digits(day, 5, 2), digits(day, 8, 2));

/** The instant a Jakarta day starts (`YYYY-MM-DD` → ISO UTC). */
export function dayStart(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - JAKARTA_MS).toISOString();
}

/** Whole days from one `YYYY-MM-DD` to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * Reads a date-time as staff enter it, in Jakarta time: `YYYY-MM-DDTHH:mm`, `YYYY-MM-DD HH:mm`
 * (the picker's `yyyy-mm-dd hh:ii`), `DD-MM-YYYY HH:mm`, optional seconds; an ISO text with
 * `Z` or an offset is taken as is. Returns the ISO instant, or null when it is not a valid date.
 */
export function parseDateTime(input: string): string | null {
  const s = input.trim();
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/.test(s)) {
    const t = Date.parse(s);
    return Number.isNaN(t) ? null : new Date(t).toISOString();
  }
  let m = s.match(/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/);
  let y: number, mo: number, d: number;
  if (m) [y, mo, d] = [+m[1], +m[2], +m[3]];
  else {
    m = s.match(/^(\d{2})-(\d{2})-(\d{4})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/);
    if (!m) return null;
    [d, mo, y] = [+m[1], +m[2], +m[3]];
  }
  const [h, mi, se] = [+(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)];
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || se > 59) return null;
  const utc = Date.UTC(y, mo - 1, d, h, mi, se);
  if (new Date(utc).getUTCDate() !== d || y < 1900 || y > 2999) return null;
  return new Date(utc - JAKARTA_MS).toISOString();
}

/** An instant as the date-time input shows it in Jakarta: `YYYY-MM-DDTHH:mm`. */
export function toLocalInput(iso: string): string {
  const t = new Date(Date.parse(iso) + JAKARTA_MS);
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}T` +
    `${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}`;
}
