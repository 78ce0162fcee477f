/**
 * The in-memory index as the patient list grows (10k, 50k, 100k, 200k patients, in-process):
 * heap bytes per indexed row (records, search texts, two cached orderings, the joined search text,
 * trigram postings), the process RSS, and the time of a search right after a write
 * (a rare term after one write; a common one after two writes), the one-match ERM search and an
 * ordered first page. `deno run --v8-flags=--expose-gc bench/growth_bench.ts`, or through `deno task bench`.
 */
import { MemIndex, type Query } from "../lib/index/index.ts";
import type { Report } from "./ipd_file.ts";

const SEARCH = ["erm", "fullname", "phone"];
const FIRST = ["Siti", "Budi", "Agus", "Dewi", "Rina", "Joko", "Ayu", "Putu", "Made", "Nur"];
const LAST = ["Hartono", "Susanti", "Purnomo", "Wulandari", "Setiawan", "Rahayu", "Siregar"];

function patient(i: number, v = 0) {
  const first = FIRST[i % FIRST.length], last = LAST[(i * 7) % LAST.length];
  return {
    _id: `01J${String(i).padStart(23, "0")}`,
    erm: String(100_000 + i).padStart(8, "0"),
    first_name: first,
    last_name: last,
    fullname: `${first} ${last}`,
    gender: i % 2 ? "L" : "P",
    phone: `+62 812 ${String(i).padStart(7, "0")} ${v}`,
    province: null,
    regency: null,
    district: null,
    village: null,
    address: `Jl. ${last} No. ${(i % 120) + 1}`,
    postalCode: "",
  };
}

const gc = () => (globalThis as { gc?: () => void }).gc?.();
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
const MB = 1_048_576;

/** One size: figures for an index of `n` patients. */
function measure(n: number) {
  gc();
  const heap0 = Deno.memoryUsage().heapUsed;
  const idx = new MemIndex<ReturnType<typeof patient>>(SEARCH, undefined, { grams: SEARCH });
  for (let i = 0; i < n; i++) idx.put(patient(i)._id, { value: patient(i), versionstamp: "v" });
  const list: Query = { order: [{ field: "erm", dir: "asc" }], start: 0, length: 10 };
  const byName: Query = { ...list, order: [{ field: "fullname", dir: "asc" }] };
  idx.query({ ...list, search: "x" }); // build the views and their search text
  idx.query({ ...byName, search: "x" });
  const tg = performance.now();
  idx.query({ ...list, search: "xyz" }); // and the trigram postings
  const grams = performance.now() - tg;
  gc();
  const heap = Deno.memoryUsage().heapUsed - heap0;
  const rss = Deno.memoryUsage().rss;
  const after1: number[] = [], after2: number[] = [], one: number[] = [], page: number[] = [];
  for (let k = 0; k < 60; k++) {
    const w = (k * 7919) % n;
    idx.put(patient(w)._id, { value: patient(w, k + 1), versionstamp: "v" });
    const erm = String(100_000 + ((k * 104_729) % n)).padStart(8, "0");
    let t = performance.now();
    const r = idx.query({ ...list, search: erm });
    after1.push(performance.now() - t);
    if (r.filtered !== 1) throw new Error(`ERM ${erm}: ${r.filtered} hasil`);
    // two writes before the next search (each may move the record in both views)
    for (const x of [w + 1, w + 2]) {
      const i = x % n;
      idx.put(patient(i)._id, { value: patient(i, k + 1), versionstamp: "v" });
    }
    t = performance.now();
    idx.query({ ...byName, search: "siti har" });
    after2.push(performance.now() - t);
    t = performance.now();
    idx.query({ ...list, search: erm });
    one.push(performance.now() - t);
    t = performance.now();
    idx.query(byName);
    page.push(performance.now() - t);
  }
  return {
    perRow: heap / n,
    rss: rss / MB,
    after1: median(after1),
    after1p95: p95(after1),
    after2: median(after2),
    one: median(one),
    page: median(page),
    grams,
    idx,
  };
}

/** Prints the growth curve; reports the 100k figures against their targets. */
export function growthBench(report: Report, sizes = [10_000, 50_000, 100_000, 200_000]) {
  console.log(
    "Indeks pasien dalam proses (bukan HTTP): per baris = heap indeks / baris; RSS = proses; " +
      "waktu median 60 kali",
  );
  console.log(
    "  pasien   B/baris   RSS MB  cari stlh 1 tulis (p95)  stlh 2 tulis  1 hasil ERM  halaman" +
      "  bangun trigram",
  );
  let keep: unknown = null;
  for (const n of sizes) {
    const m = measure(n);
    keep = m.idx; // the RSS of the next size includes this one's until it is collected
    console.log(
      `  ${String(n).padStart(6)} ${m.perRow.toFixed(0).padStart(9)} ${
        m.rss.toFixed(0).padStart(8)
      } ${m.after1.toFixed(2).padStart(12)} ms (${m.after1p95.toFixed(2)}) ${
        m.after2.toFixed(2).padStart(10)
      } ms ${m.one.toFixed(2).padStart(9)} ms ${m.page.toFixed(2).padStart(6)} ms ${
        m.grams.toFixed(0).padStart(9)
      } ms`,
    );
    if (n === 100_000) {
      report("Cari setelah tulis, 100.000 pasien (dalam proses, median)", m.after1, 10, "ms");
      report("Cari 1 hasil (ERM), 100.000 pasien (dalam proses, median)", m.one, 2, "ms");
    }
    keep = null;
  }
  return keep;
}

if (import.meta.main) {
  const { printFigure } = await import("./ipd_file.ts");
  growthBench(printFigure);
}
