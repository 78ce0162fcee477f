import assert from "node:assert/strict";
import {
  barMax,
  combineSmall,
  counterLinks,
  dpjpLink,
  icdLink,
  PALETTE,
  tariffLink,
} from "../lib/report/dashboard.ts";
import { currentMonth, parsePeriod, periodInstants } from "../lib/report/period.ts";

const MARCH = { startDate: "2025-03-01", endDate: "2025-03-31" };

Deno.test("dashboard: the tariff pie combines slices under a tenth of the total into 'Lainnya'", () => {
  const s = (label: string, value: number) => ({ label, value, href: `/${label}` });
  assert.deepEqual(combineSmall([s("a", 91), s("b", 9)]), [s("a", 91), {
    label: "Lainnya",
    value: 9,
    href: "/b",
  }]);
  // exactly a tenth stays a slice of its own; empty slices are dropped
  assert.deepEqual(combineSmall([s("a", 90), s("b", 10), s("c", 0)]), [s("a", 90), s("b", 10)]);
  assert.deepEqual(combineSmall([s("a", 95), s("b", 3), s("c", 2)]), [s("a", 95), {
    label: "Lainnya",
    value: 5,
    href: null,
  }]);
  assert.deepEqual(combineSmall([s("a", 0)]), []);
});

Deno.test("dashboard: bar axis maximum is twice the largest count", () => {
  assert.equal(barMax([3, 7, 1]), 14);
  assert.equal(barMax([]), 2);
});

Deno.test("dashboard: links to the filtered lists carry the period as dateRange", () => {
  const l = counterLinks(MARCH, "2025-03-10");
  assert.equal(l.pasien_baru, "/ipd?statusFilter=semua&dateRange=2025-03-10%20/%202025-03-10");
  assert.equal(
    l.pasien_pulang_hari_ini,
    "/discharge-patient?dateRange=2025-03-10%20/%202025-03-10",
  );
  assert.equal(
    l.pasien_readmisi_count,
    "/ipd?statusFilter=semua&readmisiFilter=1&dateRange=2025-03-01%20/%202025-03-31",
  );
  assert.equal(l.pasien_sedang_dirawat, "/ipd");
  assert.equal(l.negativePercentage, "/ipd?analysisFilter=negative");
  assert.equal(
    icdLink("J18.9", MARCH),
    "/ipd?statusFilter=semua&icdFilter=J18.9&dateRange=2025-03-01%20/%202025-03-31",
  );
  assert.equal(
    tariffLink("negative", MARCH),
    "/ipd?statusFilter=semua&analysisFilter=negative&dateRange=2025-03-01%20/%202025-03-31",
  );
  assert.equal(dpjpLink("01ABC"), "/ipd?dpjpFilter=01ABC");
  // the list page reads the range back as it was meant
  const u = new URL(`http://x${icdLink("A00.1", MARCH)}`);
  assert.equal(u.searchParams.get("dateRange"), "2025-03-01 / 2025-03-31");
});

Deno.test("report period: current month, dateRange, open ends and the instants of a period", () => {
  const now = new Date("2024-02-29T17:30:00Z"); // 1 March 2024 00:30 in Jakarta
  assert.deepEqual(currentMonth(now), { startDate: "2024-03-01", endDate: "2024-03-31" });
  assert.deepEqual(currentMonth(new Date("2024-02-10T00:00:00Z")), {
    startDate: "2024-02-01",
    endDate: "2024-02-29",
  });
  assert.deepEqual(parsePeriod({ startDate: "2024-01-15" }, now), {
    startDate: "2024-01-15",
    endDate: "2024-03-31",
  });
  assert.deepEqual(parsePeriod({ dateRange: "2024-01-01 / 2024-01-31" }, now), {
    startDate: "2024-01-01",
    endDate: "2024-01-31",
  });
  assert.deepEqual(parsePeriod({ dateRange: "2024-01-01 /" }, now), {
    startDate: "2024-01-01",
    endDate: "2999-12-31",
  });
  // startDate/endDate win over dateRange
  assert.deepEqual(
    parsePeriod({ startDate: "2024-02-01", endDate: "2024-02-02", dateRange: "x" }, now),
    { startDate: "2024-02-01", endDate: "2024-02-02" },
  );
  assert.deepEqual(periodInstants({ startDate: "2025-03-01", endDate: "2025-03-31" }), {
    from: "2025-02-28T17:00:00.000Z",
    to: "2025-03-31T16:59:59.999Z",
  });
});

Deno.test("palette: ten slices, ten different colours", () => {
  assert.ok(PALETTE.length >= 10);
  assert.equal(new Set(PALETTE.slice(0, 10).map((c) => c.toLowerCase())).size, 10);
});
