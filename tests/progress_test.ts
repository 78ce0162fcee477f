import assert from "node:assert/strict";
import { setup } from "./helpers.ts";

Deno.test("progress: a job's progress answers only the session that started it", async () => {
  await using t = await setup();
  const id = "job-0123456789abcdef";
  const made = await t.json("/api/db-backup", {
    method: "POST",
    headers: { "x-progress-id": id },
    body: new URLSearchParams({ name: "Uji progres", desc: "" }),
  });
  assert.equal(made.status, 200, JSON.stringify(made.body));

  const own = await t.json(`/api/progress/${id}`);
  assert.equal(own.status, 200);
  assert.equal(own.body.label, "Cadangan");
  assert.equal(own.body.finished, true);

  // another session, of another admin or of the same account, does not see it
  const other = await t.as("admin", "admin-lain");
  const theirs = await other.json(`/api/progress/${id}`);
  assert.equal(theirs.status, 404);
  assert.equal(theirs.body.message, "Proses tidak ditemukan.");
  const again = await t.as("admin", "admin");
  assert.equal((await again.json(`/api/progress/${id}`)).status, 404);
  assert.equal((await (await t.as("viewer")).json(`/api/progress/${id}`)).status, 404);
  // a second session naming the same id follows its own job, and leaves the first one's alone
  const restore = await other.json(`/api/db-backup/restore/${"0".repeat(26)}`, {
    method: "POST",
    headers: { "x-progress-id": id },
  });
  assert.equal(restore.status, 404);
  const mine = await other.json(`/api/progress/${id}`);
  assert.deepEqual([mine.status, mine.body.label, mine.body.finished], [200, "Pemulihan", true]);
  assert.equal((await t.json(`/api/progress/${id}`)).body.label, "Cadangan");
});
