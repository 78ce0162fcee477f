import assert from "node:assert/strict";
import { join } from "node:path";
import { backups } from "../lib/backup/backup.ts";
import { runDailyBackup } from "../lib/backup/schedule.ts";
import { storedZone } from "../lib/settings/zone.ts";
import { refId } from "./ipd_fixtures.ts";
import { setup, tempDir } from "./helpers.ts";

type T = Awaited<ReturnType<typeof setup>>;

/** The hospital profile in Papua: WIT, UTC+9. */
async function inJayapura(t: T) {
  const saved = await t.post("/api/setting/hospital", {
    name: "RSUD Uji Jayapura",
    regional: await refId(t, "regional", "Regional 3"),
    hospitalClass: await refId(t, "hospital-class", "C"),
    owner: await refId(t, "owner", "Swasta"),
    type: await refId(t, "hospital-type", "Rumah Sakit Umum"),
    timezone: "Asia/Jayapura",
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
}

const dailies = async (t: T) =>
  (await backups(t.store).index()).rows().map((r) => r.value).filter((d) => d.auto === "daily")
    .sort((a, b) => a.created.localeCompare(b.created));

Deno.test("daily backup: named, made once a day and kept by the hospital's date (WIT)", async () => {
  await using tmp = await tempDir();
  await using t = await setup({ dataDir: tmp.path });
  await inJayapura(t);
  const bdir = join(tmp.path, "backups");
  const zone = () => storedZone(t.store);
  const daily = (iso: string) =>
    runDailyBackup(t.store, { dir: bdir, keep: 2, zone }, new Date(iso));

  // 24-11 23:00 WIT, then 25-11 01:30 WIT: two and a half hours apart, but another day in Papua
  // (both still 24-11 in UTC)
  const late = await daily("2026-11-24T14:00:00Z");
  assert.equal(late?.name, "Harian 24-11-2026");
  assert.match(late!.path, /^backup-20261124-230000-WIT-[0-9A-Z]{26}\.kvbak$/);
  const next = await daily("2026-11-24T16:30:00Z");
  assert.equal(next?.name, "Harian 25-11-2026");
  assert.match(next!.path, /^backup-20261125-013000-WIT-[0-9A-Z]{26}\.kvbak$/);
  // the rest of 25-11 WIT (a new UTC day from 09:00 WIT) makes none
  assert.equal(await daily("2026-11-25T00:30:00Z"), null);
  assert.equal(await daily("2026-11-25T14:59:00Z"), null);
  // 26-11 00:10 WIT: the third day; only the newest two days are kept
  const third = await daily("2026-11-25T15:10:00Z");
  assert.equal(third?.name, "Harian 26-11-2026");
  assert.deepEqual((await dailies(t)).map((d) => d.name), [
    "Harian 25-11-2026",
    "Harian 26-11-2026",
  ]);
  assert.deepEqual(
    [...Deno.readDirSync(bdir)].map((e) => e.name).sort(),
    [next!.path, third!.path].sort(),
  );
});

Deno.test("backup made by hand: its file is named by the hospital's clock", async () => {
  await using tmp = await tempDir();
  await using t = await setup({ dataDir: tmp.path });
  await inJayapura(t);
  const made = await t.post("/api/db-backup", { name: "Manual", desc: "" });
  assert.equal(made.status, 200, JSON.stringify(made.body));
  const { path, created } = made.body.data;
  // the hospital's wall clock: the instant plus nine hours, read as UTC
  const wall = new Date(Date.parse(created) + 9 * 3600_000).toISOString();
  const stamp = `${wall.slice(0, 10).replaceAll("-", "")}-${
    wall.slice(11, 19).replaceAll(":", "")
  }`;
  assert.equal(path, `backup-${stamp}-WIT-${made.body.data._id}.kvbak`);
});
