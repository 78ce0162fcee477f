import assert from "node:assert/strict";
import { setup } from "./helpers.ts";

/** A session is read from the store at most once per 5 s; this process's own changes count at once. */

async function sessionKeyOf(t: Awaited<ReturnType<typeof setup>>, userId: string) {
  for await (const e of t.store.kv.list<{ userId: string }>({ prefix: ["session"] })) {
    if (e.value.userId === userId) return e.key;
  }
  throw new Error("no session");
}

Deno.test("sessions: a request within 5 s of the last read needs no store read; a session ended elsewhere ends here within 5 s", async () => {
  await using t = await setup();
  const s = await t.as("viewer");
  const realNow = Date.now;
  let now = realNow();
  Date.now = () => now;
  try {
    assert.equal((await s.req("/api/province")).status, 200);
    // another process sharing the store ends the session (the key is gone)
    await t.store.kv.delete(await sessionKeyOf(t, s.id));
    now += 4_000;
    assert.equal((await s.req("/api/province")).status, 200, "read 4 s ago: kept");
    now += 1_000;
    assert.equal((await s.req("/api/province")).status, 401, "5 s after the read: read again");
    assert.equal((await s.req("/api/province")).status, 401);
  } finally {
    Date.now = realNow;
  }
});

Deno.test("sessions: a logout or an account change in this process counts at the next request", async () => {
  await using t = await setup();
  const s = await t.as("casemix");
  assert.equal((await s.req("/api/province")).status, 200);
  const out = await s.req("/auth/logout", { method: "POST" });
  assert.equal(out.status, 303);
  assert.equal((await s.req("/api/province")).status, 401, "logged out at once");

  // the account's role lowered: its kept session no longer reaches an admin page
  const v = await t.as("casemix", "uji-turun");
  assert.equal((await v.req("/api/icd")).status, 200);
  const user = (await t.json(`/api/user/${v.id}`)).body.data;
  const r = await t.post("/api/user/update", { ...user, id: user._id, role: "viewer" });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal((await v.req("/api/province")).status, 401, "the session of the old role ends");
});
