import assert from "node:assert/strict";
import {
  dayOfHour,
  dayStart,
  hospitalDay,
  hospitalDayNumber,
  hourOfDay,
  parseDateTime,
  parseDay,
  toLocalInput,
  utcHour,
  wallClockProblem,
  zoneLabel,
  type ZoneName,
} from "../lib/hospital_time.ts";
import { formatDateTime } from "../lib/format.ts";
import { inZone } from "../lib/settings/zone.ts";
import { lengthOfStay } from "../lib/ipd/rules.ts";

const CASES: [ZoneName, string, number][] = [
  ["Asia/Jakarta", "WIB", 7],
  ["Asia/Makassar", "WITA", 8],
  ["Asia/Jayapura", "WIT", 9],
];

Deno.test("hospital time: each zone's days are cut at its own local midnight", () => {
  for (const [zone, label, hours] of CASES) {
    assert.equal(zoneLabel(zone), label);
    // local midnight of 22-11-2026 is 24 - hours o'clock UTC the day before
    const midnight = dayStart("2026-11-22", zone);
    assert.equal(midnight, `2026-11-21T${String(24 - hours).padStart(2, "0")}:00:00.000Z`);
    const justBefore = new Date(Date.parse(midnight) - 1).toISOString();
    assert.equal(hospitalDay(midnight, zone), "2026-11-22", zone);
    assert.equal(hospitalDay(justBefore, zone), "2026-11-21", zone);
    // the fast path (ISO text) and the Date path agree on both sides of midnight
    for (const at of [midnight, justBefore, "2026-11-21T15:59:59Z", "2026-11-21T16:00:00Z"]) {
      assert.equal(
        hospitalDayNumber(at, zone),
        Math.floor((Date.parse(at) + hours * 3600_000) / 86_400_000),
        `${zone} ${at}`,
      );
      assert.equal(dayOfHour(utcHour(at), zone), hospitalDayNumber(at, zone), `${zone} ${at}`);
    }
    assert.equal(hourOfDay(hospitalDayNumber(midnight, zone), zone), utcHour(midnight));
    // typed wall-clock time reads back as typed
    const at = parseDateTime("22-11-2026 00:30", zone)!;
    assert.equal(Date.parse(at), Date.parse(midnight) + 30 * 60_000);
    assert.equal(formatDateTime(at, zone), "22-11-2026 00:30");
    assert.equal(toLocalInput(at, zone), "2026-11-22T00:30");
    assert.equal(parseDateTime("2026-11-22T00:30", zone), at);
  }
});

Deno.test("hospital time: length of stay counts the zone's calendar days", () => {
  // admitted 23:30 WITA on the 21st, discharged 00:30 WITA on the 22nd: one day in every zone,
  // but the UTC instants fall on one Jakarta day (22:30 and 23:30 WIB on the 21st)
  const inn = parseDateTime("21-11-2026 23:30", "Asia/Makassar")!;
  const out = parseDateTime("22-11-2026 00:30", "Asia/Makassar")!;
  inZone("Asia/Makassar", () => {
    assert.equal(hospitalDay(inn), "2026-11-21");
    assert.equal(hospitalDay(out), "2026-11-22");
    assert.equal(lengthOfStay(inn, out), 1);
  });
  // in Jakarta both instants are the 21st: the same day (still at least 1)
  inZone("Asia/Jakarta", () => {
    assert.equal(hospitalDay(out), "2026-11-21");
    assert.equal(lengthOfStay(inn, out), 1);
  });
  // two nights in Jayapura that are one calendar day apart in Jakarta
  const a = parseDateTime("21-11-2026 01:00", "Asia/Jayapura")!; // 20-11 23:00 WIB
  const b = parseDateTime("22-11-2026 23:00", "Asia/Jayapura")!; // 22-11 21:00 WIB
  assert.equal(inZone("Asia/Jayapura", () => lengthOfStay(a, b)), 1);
  assert.equal(inZone("Asia/Jakarta", () => lengthOfStay(a, b)), 2);
});

Deno.test("hospital time: typed days and date-times as Indonesians write them", () => {
  assert.equal(parseDay("22-11-2026"), "2026-11-22");
  assert.equal(parseDay("2026-11-22"), "2026-11-22");
  assert.equal(parseDay("22/11/2026"), "2026-11-22");
  assert.equal(parseDay("31-02-2026"), null);
  assert.equal(parseDay("22-11-2026 10:00"), null);
  assert.equal(parseDateTime("22-11-2026 24:00"), null);
  assert.equal(parseDateTime("22-11-2026 14:30", "Asia/Jakarta"), "2026-11-22T07:30:00.000Z");
  assert.equal(parseDateTime("2026-11-22T07:30:00Z", "Asia/Jayapura"), "2026-11-22T07:30:00.000Z");
});

Deno.test("hospital time: why typed text is not a date (the date fields say each their own way)", () => {
  assert.equal(wallClockProblem("24-11-2026"), null);
  assert.equal(wallClockProblem("24-11-2026 14:30"), null);
  assert.equal(wallClockProblem("31-11-2026"), "calendar");
  assert.equal(wallClockProblem("29-02-2025 08:00"), "calendar");
  assert.equal(wallClockProblem("2026-13-01"), "calendar");
  assert.equal(wallClockProblem("00-11-2026"), "calendar");
  assert.equal(wallClockProblem("24-11-2026 24:00"), "time");
  assert.equal(wallClockProblem("24-11-1899"), "year");
  assert.equal(wallClockProblem("24 November 2026"), "format");
  assert.equal(wallClockProblem("24-11-26"), "format");
});
