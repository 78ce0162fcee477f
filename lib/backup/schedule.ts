import { type BackupDoc, backups, createBackup, deleteBackup } from "./backup.ts";
import type { Store } from "../db/store.ts";

const DAY_MS = 24 * 3600_000;
/** A daily backup is due this long after the last one (a little under a day, so it does not drift). */
const DUE_MS = DAY_MS - 30 * 60_000;

/**
 * Makes the daily backup when the newest one is older than about a day, then deletes the
 * oldest daily backups beyond `keep`. Backups made by hand or before a restore are never
 * pruned. Returns the backup made, or null when none was due (or `keep` is 0).
 */
export async function runDailyBackup(
  store: Store,
  dir: string,
  keep: number,
  now = new Date(),
): Promise<BackupDoc | null> {
  if (keep <= 0) return null;
  return await store.gate.shared(async () => {
    const daily = () =>
      backups(store).index().then((i) =>
        i.rows().map((r) => r.value).filter((d) => d.auto === "daily")
          .sort((a, b) => b.created.localeCompare(a.created))
      );
    const last = (await daily())[0];
    if (last && now.getTime() - Date.parse(last.created) < DUE_MS) return null;
    const made = await createBackup(store, dir, {
      name: `Harian ${now.toISOString().slice(0, 10)}`,
      desc: "Cadangan otomatis harian",
      auto: "daily",
      at: now,
    });
    for (const old of (await daily()).slice(keep)) await deleteBackup(store, dir, old._id);
    return made;
  });
}

/**
 * Starts the daily backup: checked a minute after start and then every hour, so a server that
 * restarts often still backs up once a day (a check still running when the next is due makes
 * that one skip). Returns a function that stops it.
 */
export function startDailyBackups(
  store: Store,
  dir: string,
  keep: number,
  everyMs = 3600_000,
): () => void {
  if (keep <= 0) return () => {};
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await runDailyBackup(store, dir, keep);
    } catch (e) {
      console.error("Cadangan harian gagal:", e);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(tick, Math.min(60_000, everyMs));
  const timer = setInterval(tick, everyMs);
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
