/**
 * MemIndex under writes: 50,000 stay-like records, each step one write (a stay's totals change,
 * as when an examination is added) followed by one read. Prints p95 per kind of read.
 * `deno run bench/mem_bench.ts`, or through `deno task bench`.
 */
import { MemIndex, type Query } from "../lib/index/index.ts";

const N = 50_000;
const SEARCH = ["pasien.fullname", "pasien.erm", "room.name", "diagnosis_awal"];

function makeDoc(i: number) {
  const names = ["Budi", "Siti", "Agus", "Dewi", "Rina", "Joko", "Ayu", "Putu", "Made", "Nur"];
  const day = new Date(Date.UTC(2024, 0, 1) + (i * 1_261_000) % (730 * 86_400_000));
  return {
    _id: `01J${String(i).padStart(23, "0")}`,
    pasien: {
      _id: `P${i % 20_000}`,
      fullname: `${names[i % 10]} ${names[(i * 7) % 10]}wati ${i % 20_000}`,
      erm: `RM${String(i % 20_000).padStart(8, "0")}`,
    },
    room: {
      _id: `R${i % 40}`,
      name: `Ruang ${["Melati", "Mawar", "Anggrek", "Dahlia"][i % 4]} ${i % 10}`,
    },
    visitDate: day.toISOString(),
    diagnosis_awal: ["Demam tifoid", "Pneumonia", "Diare akut", "DBD"][i % 4],
    status: i % 25 === 0 ? "dirawat" : "pulang",
    tarifRsTotal: (i * 7919) % 20_000_000,
    tarifInaTotal: (i * 104_729) % 25_000_000,
  };
}

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];

/** Runs the write-then-read steps and returns p95 (ms) per read kind. */
export function memIndexBench(steps = 400): Record<string, number> {
  const idx = new MemIndex<ReturnType<typeof makeDoc>>(SEARCH);
  for (let i = 0; i < N; i++) {
    const d = makeDoc(i);
    idx.put(d._id, { value: d, versionstamp: "1" });
  }
  const page = (i: number): Query => ({
    order: [{ field: "visitDate", dir: "desc" }],
    start: (i % 5) * 100,
    length: 100,
  });
  const kinds: [string, (i: number) => unknown][] = [
    ["halaman urut visitDate", (i) => idx.query(page(i))],
    [
      "halaman urut tarifRsTotal",
      (i) => idx.query({ ...page(i), order: [{ field: "tarifRsTotal", dir: "asc" }] }),
    ],
    [
      "halaman where status=dirawat",
      (i) => idx.query({ ...page(i), start: 0, where: { status: "dirawat" } }),
    ],
    ["where pasien._id (rawat terbuka)", (i) => idx.where("pasien._id", `P${(i * 31) % 20_000}`)],
    ["halaman cari 'wati 1' urut visitDate", (i) => idx.query({ ...page(i), search: "wati 1" })],
    [
      "halaman cari 'wati 1' urut tarifRsTotal",
      (i) =>
        idx.query({
          ...page(i),
          search: "wati 1",
          order: [{ field: "tarifRsTotal", dir: "desc" }],
        }),
    ],
  ];
  const out: Record<string, number> = {};
  let w = 0;
  for (const [name, read] of kinds) {
    for (let i = 0; i < 20; i++) read(i); // cached views and groups exist before the writes
    const reads: number[] = [], writes: number[] = [];
    for (let i = 0; i < steps; i++) {
      const cur = idx.get(makeDoc((w * 7_919) % N)._id)!.value;
      w++;
      const t0 = performance.now();
      idx.put(cur._id, {
        value: { ...cur, tarifRsTotal: cur.tarifRsTotal + 150_000, tarifInaTotal: 4_000_000 + w },
        versionstamp: String(w),
      });
      const t1 = performance.now();
      read(i);
      reads.push(performance.now() - t1);
      writes.push(t1 - t0);
    }
    out[`tulis + ${name}: baca p95`] = p95(reads);
    out[`tulis + ${name}: tulis p95`] = p95(writes);
  }
  return out;
}

if (import.meta.main) {
  for (const [k, v] of Object.entries(memIndexBench())) console.log(`${k}: ${v.toFixed(3)} ms`);
}
