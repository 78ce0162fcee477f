import assert from "node:assert/strict";
import { formatBytes, formatDateTime, formatMoney, formatNumber } from "../lib/format.ts";
import { type ZoneName, ZONES } from "../lib/hospital_time.ts";

// the formatters build no Intl formatter for the usual values (a slow PC pays ~100 ms for one);
// they must still read exactly as Intl's id-ID numbers and en-GB zone dates do

Deno.test("format: numbers group as Intl's id-ID, sign, rounding and odd values included", () => {
  const intl = new Intl.NumberFormat("id-ID", { maximumFractionDigits: 0 });
  const values = [
    0,
    -0,
    0.5,
    -0.5,
    1.5,
    -1.5,
    2.5,
    -0.3,
    0.49999999999999994,
    999,
    1000,
    1234,
    -1234,
    12345.5,
    999999.5,
    1e14,
    -1e14 + 0.5,
    1e15,
    123456789012,
    NaN,
    Infinity,
    -Infinity,
    1e21,
  ];
  let seed = 7;
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let i = 0; i < 20_000; i++) {
    values.push((rnd() - 0.5) * 10 ** Math.floor(rnd() * 16), Math.round((rnd() - 0.5) * 1e6) / 2);
  }
  for (const v of values) assert.equal(formatNumber(v), intl.format(v), `${v}`);
  assert.equal(formatNumber(1234567), "1.234.567");
  assert.equal(formatMoney(8345000), "Rp 8.345.000");
  assert.equal(formatMoney(""), "-");
});

Deno.test("format: negative money puts the sign before Rp ('-Rp 13.300.100')", () => {
  assert.equal(formatMoney(-13_300_100), "-Rp 13.300.100");
  assert.equal(formatMoney("-1500.5"), "-Rp 1.501");
  assert.equal(formatMoney(-1), "-Rp 1");
  assert.equal(formatMoney(-2_000_000_000_000_000), "-Rp 2.000.000.000.000.000");
  // nothing to lose: no sign
  assert.equal(formatMoney(-0), "Rp 0");
  assert.equal(formatMoney(-0.4), "Rp 0");
  assert.equal(formatMoney(0), "Rp 0");
  assert.equal(formatMoney("abc"), "-");
});

Deno.test("format: date-times read as Intl's in each hospital zone, 1970 to 2200 and before", () => {
  let seed = 11;
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const from = Date.UTC(1970, 0, 1), to = Date.UTC(2200, 0, 1);
  for (const zone of Object.keys(ZONES) as ZoneName[]) {
    const intl = new Intl.DateTimeFormat("en-GB", {
      timeZone: zone,
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    const want = (t: number) => {
      const p = Object.fromEntries(intl.formatToParts(t).map((x) => [x.type, x.value]));
      return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}`;
    };
    for (let i = 0; i < 20_000; i++) {
      const t = from + Math.floor(rnd() * (to - from));
      assert.equal(formatDateTime(new Date(t).toISOString(), zone), want(t));
    }
    const old = Date.UTC(1950, 5, 1, 12); // before 1970: Intl's history of the zone
    assert.equal(formatDateTime(old, zone), want(old));
  }
  assert.equal(formatDateTime("2026-11-21T17:30:00Z", "Asia/Jakarta"), "22-11-2026 00:30");
  assert.equal(formatDateTime(""), "-");
  assert.equal(formatDateTime("bukan tanggal"), "bukan tanggal");
});

Deno.test("backup sizes read in MB and GB", () => {
  assert.equal(formatBytes(512), "512 B");
  assert.equal(formatBytes(35_436 * 1024), "34,6 MB");
  assert.equal(formatBytes(3 * 2 ** 30 + 2 ** 29), "3,5 GB");
});
