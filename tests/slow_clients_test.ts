/**
 * Slow clients on the LAN (issue 45, availability item 1), over real sockets: a body that
 * dribbles in is read before its request may hold a request slot, and cut at its deadline.
 */
import assert from "node:assert/strict";
import { setup } from "./helpers.ts";
import { serve, slowBody, slowHead, type SlowSocket } from "./slow_sockets.ts";
import { READ_LIMITS } from "../lib/http/receive.ts";

const LIST = "/api/pasien?draw=1&start=0&length=5";
const options = { sanitizeOps: false, sanitizeResources: false };

/** `p`'s value, or `late` when it takes over `ms` (a bound for a hung request, not a target). */
async function within<T>(ms: number, p: Promise<T>, late: string): Promise<T | string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([p, new Promise<string>((ok) => timer = setTimeout(ok, ms, late))]);
  } finally {
    clearTimeout(timer);
  }
}

/** The signed-in user's list over HTTP: its status, or a note that it did not answer. */
const listStatus = (url: string, cookie: string) =>
  within(
    10_000,
    fetch(url + LIST, { headers: { cookie } }).then(async (r) => {
      await r.body?.cancel();
      return r.status;
    }),
    "tidak dijawab dalam 10 detik",
  );

const closeAll = (sockets: SlowSocket[]) => sockets.forEach((s) => s.close());

Deno.test({
  name:
    "slow clients: six slow anonymous logins and eight viewers' slow password changes hold no request slot",
  ...options,
}, async () => {
  await using t = await setup();
  await using srv = serve(t.app.fetch);
  const viewers = [];
  for (let i = 0; i < 8; i++) viewers.push(await t.as("viewer", `pengamat-${i}`));
  const slow = await Promise.all([
    ...Array.from({ length: 6 }, () => slowBody(srv.port, "POST /auth/login", { length: 10_000 })),
    ...viewers.map((v) =>
      slowBody(srv.port, "POST /api/user/password", { length: 10_000, cookie: v.cookie })
    ),
  ]);
  try {
    await new Promise((ok) => setTimeout(ok, 300)); // every slow request is in the server
    assert.equal(await listStatus(srv.url, t.cookie), 200);
  } finally {
    closeAll(slow);
  }
});

Deno.test({
  name: "slow clients: a body not sent by its deadline gets 408",
  ...options,
}, async () => {
  await using t = await setup();
  await using srv = serve(t.app.fetch);
  const saved = { ...READ_LIMITS };
  READ_LIMITS.bodyMs = 300;
  const slow = await slowBody(srv.port, "POST /auth/login", { length: 1_000, every: 50 });
  try {
    const answer = await within(5_000, slow.answer, "tidak dijawab 5 detik setelah batasnya");
    assert.match(answer, /^HTTP\/1\.1 408 [\s\S]*\r\nconnection: close\r\n/);
    assert.match(
      answer,
      /"message":"Data permintaan tidak selesai terkirim dalam 0,3 detik\. Periksa jaringan, lalu coba lagi\."/,
    );
  } finally {
    slow.close();
    Object.assign(READ_LIMITS, saved);
  }
  // the deadline counts from the head: a body sent in time is read and answered as usual
  const r = await fetch(`${srv.url}/auth/login`, {
    method: "POST",
    body: new URLSearchParams({ hospitalCode: "RS01", username: "admin", password: "salah" }),
  });
  assert.equal(r.status, 401);
  await r.body?.cancel();
});

Deno.test({
  name:
    "slow clients: an oversized body is refused before it is sent; an anonymous import is never read",
  ...options,
}, async () => {
  await using t = await setup();
  await using srv = serve(t.app.fetch);
  const big = await slowBody(srv.port, "POST /auth/login", { length: 2 * 2 ** 20 });
  // without a session an import gets 401 at once, its 20 MB never waited for
  const anon = await slowBody(srv.port, "POST /api/pasien/import", {
    length: 20 * 2 ** 20,
    type: "multipart/form-data; boundary=x",
  });
  try {
    const [a, b] = await Promise.all(
      [big, anon].map((s) => within(5_000, s.answer, "tidak dijawab dalam 5 detik")),
    );
    assert.match(a, /^HTTP\/1\.1 413 [\s\S]*Berkas atau data terlalu besar \(maksimal 1 MB\)\./);
    assert.match(b, /^HTTP\/1\.1 401 [\s\S]*Sesi tidak valid, silakan login kembali\./);
  } finally {
    closeAll([big, anon]);
  }
});

Deno.test({
  name: "slow clients: sockets sending their head slowly hold no slot (REQUESTS_AT_ONCE=1)",
  ...options,
}, async () => {
  await using t = await setup({ config: { requestsAtOnce: 1 } });
  await using srv = serve(t.app.fetch);
  // Deno.serve calls the app only once a head is complete: these never reach the queue
  const heads = await Promise.all([0, 1, 2].map(() => slowHead(srv.port, { every: 100 })));
  try {
    await new Promise((ok) => setTimeout(ok, 300));
    assert.equal(await listStatus(srv.url, t.cookie), 200);
  } finally {
    closeAll(heads);
  }
});
