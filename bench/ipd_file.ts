/**
 * What the inpatient and dashboard benches share: the generated data set (bench/ipd_data.ts)
 * written to a KV file, an app with an admin session over a store, and how a figure is printed.
 */
import { movesDone } from "../lib/http/outbox.ts";
import { auditFold } from "../lib/http/folded.ts";
import { join } from "node:path";
import { createApp } from "../app.ts";
import { createSession, ensureAdmin, users } from "../lib/auth/auth.ts";
import { loadConfig } from "../lib/config.ts";
import { Store } from "../lib/db/store.ts";
import { AuditLog } from "../lib/audit/log.ts";
import { generateIpd, type IpdDataOptions, type IpdWorld } from "./ipd_data.ts";

/** Prints one figure against its target (bench.ts's `report`). */
export type Report = (name: string, value: number, target: number, unit: string) => void;

/** A `Report` that only prints (for a bench run alone). */
export const printFigure: Report = (name, value, target, unit) =>
  console.log(
    `${value <= target ? "OK " : "LEBIH"} ${name}: ${
      value.toFixed(unit === "ms" ? 2 : 1)
    } ${unit} (target <= ${target} ${unit})`,
  );

const n = (x: number) => x.toLocaleString("id-ID");

const audits = new Map<string, Promise<AuditLog>>();
/** One audit log per file for the whole run (SQLite allows one writer handle per file). */
const auditOf = (path: string) => {
  if (!audits.has(path)) audits.set(path, AuditLog.open(path));
  return audits.get(path)!;
};

/** An app over `store` with a session of its admin. */
export async function appOf(store: Store, dataDir: string) {
  const config = { ...loadConfig({ get: () => undefined }), dataDir };
  const audit = await auditOf(join(dataDir, "audit.kv")); // as in production: a file
  const app = createApp({ config, store, audit });
  const admin = (await users(store).index()).rows()[0].value;
  const cookie = `sid=${await createSession(store, {
    userId: admin._id,
    username: "admin",
    fullname: "Bench",
    hospitalCode: "BENCH",
  })}`;
  return { app, cookie, audit };
}

/** A smaller or larger data set in the default proportions, with progress lines. */
export const benchSize = (stays: number): IpdDataOptions => ({
  stays,
  patients: Math.round(stays * 0.4),
  open: Math.round(stays * 0.04),
  progress: (m) => console.log(`  ... ${m}`),
});

/** The five-year hospital of `deno task bench:data`: 100,000 patients, 75,000 stays, 375,000 exams. */
export const FIVE_YEARS: IpdDataOptions = {
  stays: 75_000,
  patients: 100_000,
  open: 3_000,
  examsPerStay: 5,
  days: 5 * 365,
  progress: (m) => console.log(`  ... ${m}`),
};

/** The generated data set in a KV file (closed), with what was generated. */
export interface IpdFile {
  dir: string;
  file: string;
  world: IpdWorld;
}

/**
 * Generates the data set (bench/ipd_data.ts) into a KV file in a new temporary directory, which
 * the caller removes.
 */
export async function ipdData(opts: IpdDataOptions = {}): Promise<IpdFile> {
  const dir = await Deno.makeTempDir({ prefix: "casemix-ipd-bench-" });
  const file = join(dir, "ipd.kv");
  const store = await Store.open(file);
  await ensureAdmin(store, "Uji-Casemix-2026!");
  const { app, cookie } = await appOf(store, dir);
  const t0 = performance.now();
  const world = await generateIpd(app, cookie, store, opts);
  console.log(
    `Data uji rawat inap: ${n(world.stays)} kunjungan (${n(world.openStays.length)} masih ` +
      `dirawat), ${n(world.exams)} pemeriksaan, ${n(world.patients)} pasien, dibuat dalam ${
        ((performance.now() - t0) / 1000).toFixed(1)
      } s`,
  );
  await closeStore(store);
  return { dir, file, world };
}

/**
 * Closes a bench's store once its requests' audit is written: the folded records of the minute
 * (list reads) and the imports' entries moved after their answers. Left pending, they are
 * written after the close ("Bad resource ID") or beside the next server on the same files.
 */
export async function closeStore(store: Store): Promise<void> {
  await auditFold.flush();
  await movesDone();
  store.close();
}
