/**
 * Other users' lists while E-Klaim hangs (issue 44): the app served over real HTTP with
 * REQUESTS_AT_ONCE slots (default 6), as many clerks as slots each grouping a stay while the
 * E-Klaim simulator never answers, for the whole E-Klaim timeout (default 20 s); meanwhile a
 * viewer's stays list (`/api/ipd`, 10 rows) is asked again and again from 4 connections. Prints
 * how many list answers came and their times, then the same with E-Klaim answering at once.
 * Alone: `deno run -A --unstable-kv bench/eklaim_hang_bench.ts [--timeout 20] [--slots 6]`.
 */
import { parseArgs } from "node:util";
import { served } from "../tests/helpers.ts";
import { admitAni, bridgeWorld, NOW, simFor } from "../tests/eklaim_bridge_fixtures.ts";

const args = parseArgs({ options: { timeout: { type: "string" }, slots: { type: "string" } } });
const timeout = Number(args.values.timeout ?? 20);
const slots = Number(args.values.slots ?? 6);

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
};

/** Lists answered from 4 connections until `done` says stop: each answer's milliseconds. */
async function lists(t: Awaited<ReturnType<typeof served>>, cookie: string, done: () => boolean) {
  const times: number[] = [];
  await Promise.all([0, 1, 2, 3].map(async () => {
    while (!done()) {
      const t0 = performance.now();
      const r = await t.http("/api/ipd?draw=1&start=0&length=10", { headers: { cookie } });
      await r.arrayBuffer();
      if (r.status === 200) times.push(performance.now() - t0);
    }
  }));
  return times;
}

const sim = simFor();
await using t = await served({ now: () => NOW, config: { requestsAtOnce: slots } });
const w = await bridgeWorld(t, sim, timeout);
const ids: string[] = [];
for (let i = 0; i < slots; i++) {
  const p = await t.post("/api/pasien/update", {
    id: "",
    erm: `B${String(i).padStart(5, "0")}`,
    first_name: `Bench ${i}`,
    last_name: "",
    gender: "P",
    tgl_lahir: "1980-01-01",
    nomor_kartu: String(1_000_000_000_000 + i),
  });
  ids.push(
    await admitAni(t, w, {
      sep: `0301R0011126B${String(i).padStart(6, "0")}`,
      pasien: p.body.data._id,
    }),
  );
}
const viewer = await t.as("viewer");

for (const hang of [true, false]) {
  sim.options.hang = hang;
  let over = false;
  const t0 = performance.now();
  const groupings = Promise.all(ids.map((id) =>
    t.http(`/api/eklaim/${id}/group`, {
      method: "POST",
      headers: { cookie: t.cookie },
      body: new URLSearchParams({ idrg_diagnosa: "S73.02" }),
    }).then((r) => r.status)
  ));
  const until = hang ? timeout * 1000 : 5_000;
  const timer = setTimeout(() => (over = true), until);
  const times = await lists(t, viewer.cookie, () => over);
  const statuses = await groupings;
  clearTimeout(timer);
  const ms = (x: number) => `${Math.round(x)} ms`;
  console.log(
    `${hang ? `E-Klaim menggantung ${timeout} s` : "E-Klaim menjawab"}, ${slots} grouping ` +
      `sekaligus (status ${[...new Set(statuses)].join("/")}, ${ms(performance.now() - t0)}): ` +
      `${times.length} daftar dijawab dalam ${ms(until)}, p50 ${ms(quantile(times, 0.5))}, ` +
      `p95 ${ms(quantile(times, 0.95))}, maks ${ms(Math.max(...times))}`,
  );
  if (hang) sim.release();
}
await sim.close();
