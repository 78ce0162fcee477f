import { type BackupDoc, backups, createBackup, deleteBackup } from "./backup.ts";
import { formatDate } from "../format.ts";
import { hospitalDay, hospitalZone, type ZoneName } from "../hospital_time.ts";
import type { Store } from "../db/store.ts";

/** Where the daily backups go and how many are kept. */
export interface DailyOptions {
  dir: string;
  /** Hospital dates whose daily backup is kept (0: none made). */
  keep: number;
  /** Where the hospital's zone is read at each check (default `hospitalZone`, the request's). */
  zone?: () => ZoneName | Promise<ZoneName>;
}

/** Makes the daily backup if due (null: not), keeping those of the newest `keep` dates. */
export async function runDailyBackup(
  store: Store,
  { dir, keep, zone = hospitalZone }: DailyOptions,
  now = new Date(),
): Promise<BackupDoc | null> {
  if (keep <= 0) return null;
  const z = await zone();
  return await store.gate.shared(async () => {
    const daily = () =>
      backups(store).index().then((i) =>
        i.rows().map((r) => r.value).filter((d) => d.auto === "daily")
          .sort((a, b) => b.created.localeCompare(a.created))
      );
    const last = (await daily())[0];
    // a newer one (a clock set back) counts as made too
    if (last && hospitalDay(last.created, z) >= hospitalDay(now, z)) return null;
    const made = await createBackup(store, dir, {
      name: `Harian ${formatDate(now, z)}`,
      desc: "Cadangan otomatis harian",
      auto: "daily",
      at: now,
      zone: z,
    });
    const kept = new Set<string>();
    for (const d of await daily()) {
      const day = hospitalDay(d.created, z);
      if (kept.size < keep) kept.add(day);
      if (!kept.has(day)) await deleteBackup(store, dir, d._id);
    }
    return made;
  });
}

/** Checks the daily backup a minute after start, then every `everyMs` (an hour) until `signal`. */
export function startDailyBackups(
  store: Store,
  o: DailyOptions & { signal: AbortSignal; everyMs?: number },
): void {
  const { keep, signal, everyMs = 3600_000 } = o;
  if (keep <= 0 || signal.aborted) return;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await runDailyBackup(store, o);
    } catch (e) {
      console.error("Cadangan harian gagal:", e);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(tick, Math.min(60_000, everyMs));
  const timer = setInterval(tick, everyMs);
  signal.addEventListener("abort", () => {
    clearTimeout(first);
    clearInterval(timer);
  }, { once: true });
}
