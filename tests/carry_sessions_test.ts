/**
 * A restore keeps the signed-in users' sessions (`carrySessions`): the restored database's own
 * sessions (1,200 here, more than one commit's worth) are all dropped, and the live ones carried.
 */
import assert from "node:assert/strict";
import { carrySessions } from "../lib/backup/restore.ts";

Deno.test("carrySessions: 1,200 sessions of the backup are dropped, the live one is carried", async () => {
  const live = await Deno.openKv(":memory:");
  const restored = await Deno.openKv(":memory:");
  try {
    await restored.set(["user", "U1"], { username: "admin" });
    for (let i = 0; i < 1_200; i += 100) {
      const op = restored.atomic();
      for (let j = i; j < i + 100; j++) {
        op.set(["session", `old-${j}`], { userId: "U1", expiresAt: Date.now() + 60_000 });
      }
      await op.commit();
    }
    await live.set(["session", "now"], { userId: "U1", expiresAt: Date.now() + 60_000 });
    await live.set(["session", "gone-user"], { userId: "U9", expiresAt: Date.now() + 60_000 });
    await carrySessions(live, restored);
    const left = await Array.fromAsync(restored.list({ prefix: ["session"] }), (e) => e.key[1]);
    assert.deepEqual(left, ["now"]);
  } finally {
    live.close();
    restored.close();
  }
});
