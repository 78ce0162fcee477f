import assert from "node:assert/strict";
import { seedWilayah, setup } from "./helpers.ts";
import { whitespaceBomb } from "./hostile_xlsx.ts";
import { BUSY_MESSAGE, PARSE_LIMITS } from "../lib/resource/parse.ts";
import { writeXlsx } from "../lib/resource/spreadsheet.ts";

const XLSX_ENDPOINTS = ["pasien", "doctor", "room", "icd", "inacbg", "disputed-claim"];

Deno.test({
  name: "hostile uploads: twelve whitespace bombs at once, a concurrent list keeps answering",
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  await using t = await setup();
  await seedWilayah(t);
  const bomb = await whitespaceBomb(190);
  // the parse workers are started once (as on a running server) before the clock starts
  await t.upload("/api/room/import", "warm.xlsx", writeXlsx([["name"], ["x"]]));
  const rssBefore = Deno.memoryUsage().rss / 1024 / 1024;
  const statuses: number[] = [];
  const messages = new Set<string>();
  let uploading = true;
  const rss: number[] = [];
  const times: number[] = [];
  const t0 = performance.now();
  const uploads = Promise.all(
    Array.from({ length: 12 }, async (_, i) => {
      const res = XLSX_ENDPOINTS[i % XLSX_ENDPOINTS.length];
      const r = await t.upload(`/api/${res}/import`, `bom-${i}.xlsx`, bomb);
      statuses.push(r.status);
      messages.add(r.body.message);
    }),
  ).finally(() => uploading = false);
  while (uploading || times.length < 50) {
    const s = performance.now();
    const r = await t.req("/api/village?length=10&search[value]=a");
    await r.arrayBuffer();
    assert.equal(r.status, 200);
    times.push(performance.now() - s);
    rss.push(Deno.memoryUsage().rss);
    await new Promise((r) => setTimeout(r, 5));
  }
  await uploads;
  const sorted = times.toSorted((a, b) => a - b);
  const p95 = sorted[Math.floor(sorted.length * 0.95)];
  const maxRss = Math.max(...rss) / 1024 / 1024;
  console.log(
    `  12 bombs of ${(bomb.length / 1024).toFixed(0)} KB (190 MB unpacked) done in ` +
      `${(performance.now() - t0).toFixed(0)} ms; ${times.length} concurrent list requests: ` +
      `p95 ${p95.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms; RSS max ` +
      `${maxRss.toFixed(0)} MB (${rssBefore.toFixed(0)} MB before; in-process, machine shared)`,
  );
  console.log(`  answers: ${statuses.join(",")}; ${[...messages].join(" | ")}`);
  assert.ok(statuses.every((s) => s === 400 || s === 429), String(statuses));
  for (const m of messages) assert.match(m, /bom zip|Server sedang memproses/);
  assert.ok(maxRss < 600, `RSS ${maxRss} MB`);
  // the target (p95 <= 100 ms) is a figure printed above, measured on a shared machine; the
  // assertion only proves nobody froze (parsing on the request path took 2.5-5.4 s per file)
  assert.ok(p95 <= 1_000, `p95 ${p95} ms`);
});

/** A plausible patient file of `n` rows. */
function patients(n: number, from = 0): Uint8Array {
  const rows: unknown[][] = [["erm", "first_name", "last_name", "gender", "phone", "tgl_lahir"]];
  for (let i = from; i < from + n; i++) {
    rows.push([
      String(i).padStart(8, "0"),
      `Nama${i}`,
      `Keluarga ${i % 97}`,
      "L",
      "0812",
      "01-01-1980",
    ]);
  }
  return writeXlsx(rows);
}

Deno.test({
  name: "parse limits: over the heap or time limit refused naming it; a third parse waits or 429",
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  await using t = await setup();
  const file = patients(30_000);
  const saved = { ...PARSE_LIMITS };
  try {
    PARSE_LIMITS.memoryMb = 32;
    let r = await t.upload("/api/pasien/import", "p.xlsx", file);
    assert.equal(r.status, 400);
    assert.match(
      r.body.message,
      /^Berkas ditolak: membacanya butuh sekitar \d+ MB memori, melebihi batas memori 32 MB\./,
    );
    PARSE_LIMITS.memoryMb = saved.memoryMb;

    PARSE_LIMITS.ms = 200;
    r = await t.upload("/api/pasien/import", "p.xlsx", file);
    assert.equal(r.status, 400);
    assert.equal(r.body.message, "Berkas ditolak: pembacaan melebihi batas waktu 0.2 detik.");
    PARSE_LIMITS.ms = saved.ms;

    PARSE_LIMITS.waitMs = 1;
    const all = await Promise.all(
      [0, 1, 2, 3].map((i) => t.upload("/api/pasien/import", "p.xlsx", patients(2_000, i * 2_000))),
    );
    const busy = all.filter((x) => x.status === 429);
    assert.ok(busy.length >= 1, all.map((x) => x.status).join(","));
    assert.equal(busy[0].body.message, BUSY_MESSAGE);
    assert.ok(
      all.some((x) => x.status === 200),
      JSON.stringify(all.map((x) => [x.status, x.body.message])),
    );
  } finally {
    Object.assign(PARSE_LIMITS, saved);
  }
});
