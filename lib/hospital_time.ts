/** Time in the hospital's zone (WIB, WITA, WIT: fixed offsets); browser-safe: no server import. */

/** Indonesia's time zones, as the hospital profile stores them. */
export const ZONES = {
  "Asia/Jakarta": { label: "WIB", hours: 7 },
  "Asia/Makassar": { label: "WITA", hours: 8 },
  "Asia/Jayapura": { label: "WIT", hours: 9 },
} as const;

/** A hospital time zone name. */
export type ZoneName = keyof typeof ZONES;

/** The zone of a hospital that has not chosen one. */
export const DEFAULT_ZONE: ZoneName = "Asia/Jakarta";

/** Whether a text is one of Indonesia's zone names. */
export const isZone = (z: unknown): z is ZoneName => typeof z === "string" && z in ZONES;

let provider: () => ZoneName = () => DEFAULT_ZONE;

/** Sets where the current zone comes from (per request on the server, the page in the browser). */
export function setZoneProvider(get: () => ZoneName | undefined): void {
  provider = () => get() ?? DEFAULT_ZONE;
}

let pinned: ZoneName | undefined;

/** The hospital's zone for the work in progress. */
export const hospitalZone = (): ZoneName => pinned ?? provider();

/** Runs synchronous `fn` in `zone`: for work after its request returned (a streamed export). */
export function withZone<T>(zone: ZoneName, fn: () => T): T {
  const prev = pinned;
  pinned = zone;
  try {
    return fn();
  } finally {
    pinned = prev;
  }
}

/** WIB, WITA or WIT. */
export const zoneLabel = (zone: ZoneName = hospitalZone()): string => ZONES[zone].label;

/** The milliseconds the hospital's zone (or `zone`) is ahead of UTC. */
export const zoneOffsetMs = (zone?: ZoneName): number =>
  ZONES[zone ?? hospitalZone()].hours * 3600_000;
const DAY_MS = 86_400_000;

/** The hospital's calendar day of an instant, as `YYYY-MM-DD`. */
export function hospitalDay(at: string | Date, zone?: ZoneName): string {
  return new Date(new Date(at).getTime() + zoneOffsetMs(zone)).toISOString().slice(0, 10);
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

/** The hospital day number (days since 1970-01-01) of an instant, without a Date for ISO text. */
export function hospitalDayNumber(at: string | Date, zone?: ZoneName): number {
  const hours = ZONES[zone ?? hospitalZone()].hours;
  if (typeof at === "string" && at.length >= 17 && at[10] === "T" && at.endsWith("Z")) {
    const h = digits(at, 11, 2);
    const day = daysFromCivil(digits(at, 0, 4), digits(at, 5, 2), digits(at, 8, 2));
    if (!Number.isNaN(day + h)) return day + (h >= 24 - hours ? 1 : 0);
  }
  return Math.floor((new Date(at).getTime() + hours * 3600_000) / DAY_MS);
}

/** Whole hours since 1970-01-01T00:00Z (ISO UTC text read without a Date); free of any zone. */
export function utcHour(at: string | Date): number {
  if (typeof at === "string" && at.length >= 17 && at[10] === "T" && at.endsWith("Z")) {
    const h = digits(at, 11, 2);
    const day = daysFromCivil(digits(at, 0, 4), digits(at, 5, 2), digits(at, 8, 2));
    if (!Number.isNaN(day + h)) return day * 24 + h;
  }
  return Math.floor(new Date(at).getTime() / 3600_000);
}

/** The hospital day number of an hour number (see `utcHour`). */
export const dayOfHour = (hour: number, zone?: ZoneName): number =>
  Math.floor((hour + ZONES[zone ?? hospitalZone()].hours) / 24);

/** The first hour number (see `utcHour`) of a hospital day number. */
export const hourOfDay = (day: number, zone?: ZoneName): number =>
  day * 24 - ZONES[zone ?? hospitalZone()].hours;

/** The day number of a `YYYY-MM-DD` day. */
export const dayNumber = (day: string): number =>
  daysFromCivil(digits(day, 0, 4), digits(day, 5, 2), digits(day, 8, 2));

/** The instant a hospital day starts (`YYYY-MM-DD` → ISO UTC). */
export function dayStart(day: string, zone?: ZoneName): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - zoneOffsetMs(zone)).toISOString();
}

/** Whole days from one `YYYY-MM-DD` to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A date or date-time as typed, in wall-clock parts (month 1-12). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Whether a time was typed. */
  timed: boolean;
}

const TIME = String.raw`(?:[T ]+(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?)?$`;
const YMD = new RegExp(String.raw`^(\d{4})-(\d{1,2})-(\d{1,2})` + TIME);
const DMY = new RegExp(String.raw`^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})` + TIME);

/** The parts of a text in one of the date formats, unchecked (month 13 and 31-11 pass). */
function partsOf(input: string): WallClock | null {
  const s = input.trim();
  let m = s.match(YMD);
  let y: number, mo: number, d: number;
  if (m) [y, mo, d] = [+m[1], +m[2], +m[3]];
  else {
    m = s.match(DMY);
    if (!m) return null;
    [d, mo, y] = [+m[1], +m[2], +m[3]];
  }
  const [h, mi, se] = [+(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)];
  return { year: y, month: mo, day: d, hour: h, minute: mi, second: se, timed: m[4] != null };
}

/** Why `readWallClock` refuses a text (`year`: outside 1900-2999), or null when it reads it. */
export function wallClockProblem(input: string): "format" | "time" | "year" | "calendar" | null {
  const w = partsOf(input);
  return w ? problemOf(w) : "format";
}

/** What is wrong with well-formed parts (see `wallClockProblem`). */
function problemOf(w: WallClock): "time" | "year" | "calendar" | null {
  if (w.hour > 23 || w.minute > 59 || w.second > 59) return "time";
  if (w.year < 1900 || w.year > 2999) return "year";
  const { year: y, month: mo, day: d } = w;
  if (mo < 1 || mo > 12 || d < 1 || new Date(Date.UTC(y, mo - 1, d)).getUTCDate() !== d) {
    return "calendar";
  }
  return null;
}

/** Reads a typed `DD-MM-YYYY` or `YYYY-MM-DD`, maybe ` HH:mm[:ss]`, no zone; null if not real. */
export function readWallClock(input: string): WallClock | null {
  const w = partsOf(input);
  return w && !problemOf(w) ? w : null;
}

/** A typed day (`DD-MM-YYYY` or `YYYY-MM-DD`, no time) as `YYYY-MM-DD`; null when invalid. */
export function parseDay(input: string): string | null {
  const w = readWallClock(input);
  return w && !w.timed ? `${w.year}-${pad(w.month)}-${pad(w.day)}` : null;
}

/** A typed date-time (hospital's zone; ISO with `Z`/offset as is) → ISO instant, or null. */
export function parseDateTime(input: string, zone?: ZoneName): string | null {
  const s = input.trim();
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/.test(s)) {
    const t = Date.parse(s);
    return Number.isNaN(t) ? null : new Date(t).toISOString();
  }
  const w = readWallClock(s);
  if (!w) return null;
  const utc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return new Date(utc - zoneOffsetMs(zone)).toISOString();
}

/** An instant in the hospital's zone as E-Klaim writes dates: `YYYY-MM-DD HH:mm:ss`. */
export function wallStamp(iso: string | number | Date, zone?: ZoneName): string {
  const t = new Date(new Date(iso).getTime() + zoneOffsetMs(zone));
  return t.toISOString().slice(0, 19).replace("T", " ");
}

/** An instant as a date-time field's value in the hospital's zone: `YYYY-MM-DDTHH:mm`. */
export function toLocalInput(iso: string, zone?: ZoneName): string {
  const t = new Date(new Date(iso).getTime() + zoneOffsetMs(zone));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}T${
    pad(t.getUTCHours())
  }:${pad(t.getUTCMinutes())}`;
}

/**
 * An Excel serial day (1900 system, counted from 1899-12-30 past Excel's leap-year slip; the
 * time of day dropped) as `YYYY-MM-DD`; null unless `v` is 1 to 5 digits (a fraction allowed).
 */
export function excelDay(v: string | number): string | null {
  const s = String(v).trim();
  if (!/^\d{1,5}(\.\d+)?$/.test(s) || Number(s) < 1) return null;
  return new Date(Date.UTC(1899, 11, 30) + Math.floor(Number(s)) * DAY_MS).toISOString()
    .slice(0, 10);
}
