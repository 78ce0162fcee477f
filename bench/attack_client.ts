/**
 * The signed-in user of bench/attack_bench.ts, in a process of its own (so the attack's own work
 * never delays it): reads `{ url, cookie, pauseMs }` as one JSON line on stdin, GETs `url` one
 * request after another (body read, `pauseMs` between) until stdin closes, then prints
 * `{ times, failed, slow }`: each answer's time in ms, the statuses other than 200, and when the
 * answers over 250 ms were asked (`[ms after the start, ms taken]`).
 */
const reader = Deno.stdin.readable.pipeThrough(new TextDecoderStream()).getReader();
let head = "";
while (!head.includes("\n")) {
  const { value, done } = await reader.read();
  if (done) break;
  head += value;
}
const { url, cookie, pauseMs } = JSON.parse(head.split("\n")[0]) as {
  url: string;
  cookie: string;
  pauseMs: number;
};
let running = true;
(async () => {
  while (!(await reader.read()).done) { /* until the bench closes stdin */ }
  running = false;
})();
const times: number[] = [];
const failed: number[] = [];
const slow: [number, number][] = [];
const start = performance.now();
while (running) {
  const t0 = performance.now();
  const r = await fetch(url, { headers: { cookie } });
  await r.arrayBuffer();
  const ms = performance.now() - t0;
  times.push(ms);
  if (ms > 250) slow.push([Math.round(t0 - start), Math.round(ms)]);
  if (r.status !== 200) failed.push(r.status);
  await new Promise((ok) => setTimeout(ok, pauseMs));
}
console.log(JSON.stringify({ times, failed, slow }));
