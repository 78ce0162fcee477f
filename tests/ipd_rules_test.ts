import assert from "node:assert/strict";
import {
  analysisColour,
  formatPercent,
  isReadmission,
  lengthOfStay,
  percentage,
  roundPercent,
  stayTotals,
  summaryIcd,
} from "../lib/ipd/rules.ts";
import { inDuration, parseDateRange } from "../lib/ipd/filters.ts";
import { hospitalDay, parseDateTime, toLocalInput } from "../lib/hospital_time.ts";
import { keywordHit } from "../lib/ipd/keywords.ts";

/** Rounded as shown (the percentages are kept unrounded). */
const shown = (p: number | null | undefined) => p == null ? p : roundPercent(p);

Deno.test("rules: percentage is (ina - rs) / ina, shown to two decimals, none without an INA tariff", () => {
  assert.equal(percentage(5_000_000, 1_500_000), 70);
  assert.equal(percentage(5_200_000, 3_500_000), 1_700_000 / 5_200_000 * 100);
  assert.equal(shown(percentage(5_200_000, 3_500_000)), 32.69);
  assert.equal(shown(percentage(5_200_000, 6_000_000)), -15.38);
  assert.equal(shown(percentage(3, 2)), 33.33);
  assert.equal(percentage(0, 100), null);
  assert.equal(percentage(null, 100), null);
  assert.equal(percentage(100, Number.NaN), null);
  assert.equal(formatPercent(-15.38), "-15,38 %");
  assert.equal(formatPercent(null), "-");
});

Deno.test("rules: one package per stay, a bill that accumulates, in examination order", () => {
  const day = (id: string, date: string, ina: number, rs: number) => ({
    _id: id,
    examinationDate: date,
    tarif_ina: ina,
    tarif_rs: rs,
  });
  // entered out of order; the same date is ordered by id (creation order)
  const t = stayTotals([
    day("c", "2026-11-03T02:00:00.000Z", 5_200_000, 2_500_000),
    day("a", "2026-11-01T03:00:00.000Z", 5_000_000, 1_500_000),
    day("b2", "2026-11-02T02:00:00.000Z", 5_200_000, 1_000_000),
    day("b1", "2026-11-02T02:00:00.000Z", 5_200_000, 1_000_000),
  ]);
  assert.deepEqual(t.order, ["a", "b1", "b2", "c"]);
  assert.deepEqual([...t.percentages.values()].map(shown), [70, 51.92, 32.69, -15.38]);
  assert.deepEqual(
    [t.tarifRsTotal, t.tarifInaTotal, shown(t.percentageTotal)],
    [6_000_000, 5_200_000, -15.38],
  );
  assert.deepEqual([t.latestTarifIna, t.latestTarifRs, shown(t.latestPercentage)], [
    5_200_000,
    2_500_000,
    -15.38,
  ]);
  const none = stayTotals([]);
  assert.deepEqual(
    [none.tarifRsTotal, none.tarifInaTotal, none.percentageTotal, none.latestPercentage],
    [0, 0, null, null],
  );
  const noIna = stayTotals([day("a", "2026-11-01T00:00:00.000Z", 0, 500)]);
  assert.equal(noIna.percentageTotal, null);
  assert.equal(noIna.percentages.get("a"), null);
});

Deno.test("rules: dates are read and shown in Asia/Jakarta", () => {
  assert.equal(parseDateTime("2026-11-01T08:00"), "2026-11-01T01:00:00.000Z");
  assert.equal(parseDateTime("2026-11-01 08:00"), "2026-11-01T01:00:00.000Z");
  assert.equal(parseDateTime("01-11-2026 08:00"), "2026-11-01T01:00:00.000Z");
  assert.equal(parseDateTime("2026-11-01T01:00:00Z"), "2026-11-01T01:00:00.000Z");
  assert.equal(parseDateTime("2026-11-01"), "2026-10-31T17:00:00.000Z");
  for (const bad of ["", "31-02-2026 10:00", "2026-11-01 25:00", "kemarin", "2026-13-01"]) {
    assert.equal(parseDateTime(bad), null, bad);
  }
  assert.equal(toLocalInput("2026-11-01T01:00:00.000Z"), "2026-11-01T08:00");
  // 23:30 Jakarta on 31 Oct is still 31 Oct there, though 16:30 UTC
  assert.equal(hospitalDay("2026-10-31T16:30:00.000Z"), "2026-10-31");
  assert.equal(hospitalDay("2026-10-31T17:00:00.000Z"), "2026-11-01");
});

Deno.test("rules: length of stay counts Jakarta calendar days, at least 1", () => {
  const at = (s: string) => parseDateTime(s)!;
  assert.equal(lengthOfStay(at("2026-11-01 08:00"), at("2026-11-01 20:00")), 1);
  assert.equal(lengthOfStay(at("2026-11-01 23:50"), at("2026-11-02 00:10")), 1);
  assert.equal(lengthOfStay(at("2026-11-01 08:00"), at("2026-11-04 11:30")), 3);
  // still admitted: to today
  assert.equal(lengthOfStay(at("2026-11-01 08:00"), null, new Date(at("2026-11-15 07:00"))), 14);
  assert.equal(inDuration(1, "1-3") && inDuration(3, "1-3") && !inDuration(4, "1-3"), true);
  assert.equal(inDuration(14, "8-14") && !inDuration(14, ">14") && inDuration(15, ">14"), true);
});

Deno.test("rules: readmission is a discharge less than 30 days before admission", () => {
  const at = (s: string) => parseDateTime(s)!;
  const out = at("2026-11-05 10:00");
  assert.equal(isReadmission(out, at("2026-11-05 12:00")), true);
  assert.equal(isReadmission(out, at("2026-12-04 23:59")), true);
  assert.equal(isReadmission(out, at("2026-12-05 00:00")), false);
  assert.equal(isReadmission(null, at("2026-11-06 00:00")), false);
});

Deno.test("rules: date-range filter", () => {
  assert.deepEqual(parseDateRange("2026-11-01 / 2026-11-30"), {
    from: "2026-11-01",
    to: "2026-11-30",
  });
  assert.deepEqual(parseDateRange("2026-11-05"), { from: "2026-11-05", to: "2026-11-05" });
  assert.equal(parseDateRange(""), null);
  assert.throws(() => parseDateRange("2026-11-30 / 2026-11-01"), RangeError);
  assert.throws(() => parseDateRange("01-11-2026 / 30-11-2026"), RangeError);
});

Deno.test("rules: analysis colours in the lists and in the examination table", () => {
  assert.deepEqual([-0.01, 0, 19.99, 20, null].map((p) => analysisColour(p, "list")), [
    "red",
    "yellow",
    "yellow",
    "green",
    "",
  ]);
  assert.deepEqual([-0.01, 0, 5].map((p) => analysisColour(p, "exam")), ["red", "green", "green"]);
});

Deno.test("rules: discharge summary and keyword monitoring", () => {
  const i = (code: string) => ({ code, desc: code });
  const s = summaryIcd([
    { diagnosis: [i("J18.9")], tindakan: [i("93.96")] },
    { diagnosis: [i("R56.8"), i("J18.9")], tindakan: [] },
    { diagnosis: [i("A09")], tindakan: [i("89.14"), i("93.96")] },
  ]);
  assert.deepEqual(s.summary_diagnosis.map((x) => x.code), ["J18.9", "R56.8", "A09"]);
  assert.deepEqual(s.summary_tindakan.map((x) => x.code), ["93.96", "89.14"]);
  assert.equal(keywordHit("R56.8", ["J18.9", "R56.8"]), true);
  assert.equal(keywordHit("83.39;86.3", ["86.3"]), true);
  assert.equal(keywordHit("J18", ["J18.9"]), true); // a category covers its codes
  assert.equal(keywordHit("88.7", ["88.78"]), false); // procedure codes match exactly
  assert.equal(keywordHit("R56.8", ["R56"]), false);
  assert.equal(keywordHit("", ["R56.8"]), false);
});
