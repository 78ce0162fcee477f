/**
 * Login limits over real HTTP: correct logins at once never lock an account, and an address
 * that guessed too many usernames cannot tell by the answer which of them exist.
 */
import assert from "node:assert/strict";
import { auditFold } from "../lib/http/folded.ts";
import { derivationCount } from "../lib/auth/password.ts";
import { ADMIN_PASSWORD, served } from "./helpers.ts";

type S = Awaited<ReturnType<typeof served>>;

const login = (s: S, username: string, password: string) =>
  s.http("/auth/login", {
    method: "POST",
    body: new URLSearchParams({ hospitalCode: "RS01", username, password }),
  });

/** The statuses of `answers`, counted: `{200: 8}`. */
async function tally(answers: Response[]) {
  const out: Record<number, number> = {};
  for (const r of answers) {
    out[r.status] = (out[r.status] ?? 0) + 1;
    await r.body?.cancel();
  }
  return out;
}

Deno.test("eight correct logins at once all pass, and the account is not locked after", async () => {
  await using s = await served();
  await s.as("casemix", "petugas");
  const answers = await Promise.all(
    Array.from({ length: 8 }, () => login(s, "petugas", ADMIN_PASSWORD)),
  );
  assert.deepEqual(await tally(answers), { 200: 8 });
  // a mistyped password after them is one failure, not a lock
  assert.deepEqual(await tally([await login(s, "petugas", "salah-ketik")]), { 401: 1 });
  assert.deepEqual(await tally([await login(s, "petugas", ADMIN_PASSWORD)]), { 200: 1 });
  await auditFold.flush();
});

Deno.test("twelve wrong passwords at once: at most five are checked, then the account is locked", async () => {
  await using s = await served();
  await s.as("casemix", "petugas");
  const before = derivationCount();
  const wrong = await Promise.all(
    Array.from({ length: 12 }, (_, i) => login(s, "petugas", `salah-sekali-${i}`)),
  );
  const checked = derivationCount() - before;
  assert.ok(checked <= 5, `${checked} tebakan diperiksa`);
  assert.deepEqual(await tally(wrong), { 401: checked, 429: 12 - checked });
  assert.deepEqual(await tally([await login(s, "petugas", ADMIN_PASSWORD)]), { 429: 1 });
  await auditFold.flush();
});

Deno.test("an address limited for unknown usernames gets the same answer for real ones", async () => {
  await using s = await served();
  await s.as("casemix", "petugas");
  for (let i = 0; i < 20; i++) {
    const r = await login(s, `tidak-ada-${i}`, "salah");
    assert.equal(r.status, 401, `tebakan ${i}`);
    await r.body?.cancel();
  }
  const answer = async (username: string) => {
    const r = await login(s, username, "salah-lagi");
    return [r.status, await r.json()];
  };
  const unknown = await answer("tidak-ada-lagi");
  const real = await answer("petugas");
  assert.deepEqual(unknown, real);
  assert.deepEqual(real, [401, { success: false, message: "Username atau password salah." }]);
  // the real account still logs in from that address with its password
  assert.deepEqual(await tally([await login(s, "petugas", ADMIN_PASSWORD)]), { 200: 1 });
  await auditFold.flush();
  // the limited address's refusals are audited as such
  const locked = (await s.audit.list({ action: "login_locked" }, 0, 10)).rows;
  assert.deepEqual(locked.map((r) => [r.ip, r.after]), [
    ["127.0.0.1", { address: "127.0.0.1", username: "tidak-ada-lagi", count: 1 }],
  ]);
});
