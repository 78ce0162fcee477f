import { Hono } from "hono";
import { join } from "node:path";
import { registry as defaultRegistry } from "./resources/mod.ts";
import { authRoutes } from "./routes/auth.tsx";
import { backupNav, backupRoutes } from "./routes/backup.tsx";
import { progressRoutes } from "./routes/progress.ts";
import { connectionNav, connectionRoutes } from "./routes/connection.tsx";
import { homeRoutes } from "./routes/home.tsx";
import { ipdApi } from "./routes/ipd_api.ts";
import { klaimApi } from "./routes/klaim_api.ts";
import { IPD_NAV, ipdPages } from "./routes/ipd_pages.tsx";
import { KLAIM_NAV, klaimPages } from "./routes/klaim_pages.tsx";
import { licenceRoutes } from "./routes/licence.tsx";
import { reportApi } from "./routes/report_api.ts";
import { resourceRoutes } from "./routes/resources.tsx";
import { SETTINGS_NAV as settingsNav, settingsRoutes } from "./routes/settings.tsx";
import { ensureAdmin } from "./lib/auth/auth.ts";
import { backupDir, cleanBackupTemps, syncBackupList } from "./lib/backup/backup.ts";
import { openConfiguredStore } from "./lib/backup/connection.ts";
import { auditPathOf, type Config } from "./lib/config.ts";
import { demoLine, type DemoSummary, seedDemoData } from "./lib/demo/data.ts";
import type { AppEnv, NavItem } from "./lib/http/env.ts";
import { onError } from "./lib/http/http.ts";
import { type Manifest, readManifest } from "./lib/http/islands.ts";
import { type LicenceGate, serviceGate } from "./lib/licence/gate.ts";
import { authorize, limitBody, sameOrigin, securityHeaders } from "./lib/http/middleware.ts";
import { AuditLog } from "./lib/audit/log.ts";
import { accessOf } from "./routes/_access.ts";
import { accountRoutes } from "./routes/account.tsx";
import { auditRoutes } from "./routes/audit.tsx";
import { IMPORT_LIMITS } from "./lib/resource/spreadsheet.ts";
import type { Registry } from "./lib/resource/refs.ts";
import { seedResources } from "./lib/resource/seed.ts";
import { hospitalZoneScope } from "./lib/settings/zone.ts";
import { collectionOf, type ResourceDef } from "./lib/resource/resource.ts";
import { tableQuery } from "./components/ui/use_server_table.ts";
import { DISCHARGE_COLUMNS, LIST_PAGE, VISIT_COLUMNS } from "./lib/ipd/columns.ts";
import { ipdTable, warmListOrders } from "./lib/ipd/list.ts";
import { backfillPackages } from "./lib/ipd/exam.ts";
import { visitsOf } from "./lib/ipd/stay.ts";
import { currentMonth } from "./lib/report/period.ts";
import { medicalRecordInfo } from "./lib/report/report.ts";
import { warmStayColumns } from "./lib/report/columns.ts";
import { serveStatic } from "./lib/http/static.ts";
import { gzipAnswers } from "./lib/http/gzip.ts";
import type { Store } from "./lib/db/store.ts";
import { nextTurn } from "./lib/db/turn.ts";
import { openPrivately, privateDir } from "./lib/db/reserve.ts";
import { uploadsDir } from "./lib/settings/background.ts";

/** The static folder, beside the program (also inside a compiled binary). */
export const STATIC_DIR = join(import.meta.dirname!, "static");

/** build.ts by a computed address, so that `deno compile` leaves esbuild out of the binary. */
const BUILD_MODULE = new URL("./build.ts", import.meta.url).href;

/**
 * Builds the browser bundle when it is missing or older than its sources. A compiled binary
 * ships its bundle and has no esbuild: it never builds.
 */
export async function ensureBundle(): Promise<void> {
  if (Deno.build.standalone) return;
  const build: typeof import("./build.ts") = await import(BUILD_MODULE);
  try {
    await build.ensureBuilt(STATIC_DIR);
  } catch (e) {
    throw new Error(
      `Bundle JavaScript perlu dibangun ulang tetapi gagal (${(e as Error).message}). ` +
        "Jalankan 'deno task build' sebagai pengguna yang boleh menulis static/, lalu mulai lagi.",
      { cause: e },
    );
  }
}

export interface AppOptions {
  config: Config;
  /** An open store; when absent it is opened from `config.dbPath` on the first request. */
  store?: Store;
  registry?: Registry;
  /** The login licence check; default: the activation service at `config.licenceUrl`. */
  licence?: LicenceGate;
  /** How long the 'Koneksi Database' test waits for a server (default 5 s). */
  connectTimeoutMs?: number;
  /** The clock the dashboard's "today" and default month are read from (default: the system's). */
  now?: () => Date;
  /** An open audit log; when absent it is opened at `auditPathOf(config)` on the first request. */
  audit?: AuditLog;
}

/** Screens that are not resources (settings pages), listed after the resources' screens. */
export const SETTINGS_NAV: NavItem[] = [
  settingsNav,
  ...connectionNav,
  ...backupNav,
  { group: "Pengaturan", title: "Jejak Audit", path: "/audit" },
  { group: "Pengguna", title: "Ganti Password", path: "/akun/password" },
];

/** The sidebar entries: the start page, every resource that has a screen, then `extra`. */
export function navOf(registry: Registry, extra: NavItem[] = []): NavItem[] {
  const items: NavItem[] = [{ group: "Utama", title: "Beranda", path: "/" }];
  for (const def of registry.values()) {
    if (def.page) {
      items.push({
        group: def.page.group,
        title: def.page.title ?? def.label,
        path: def.page.path,
      });
    }
  }
  return items.concat(extra);
}

/**
 * Readies a store before it serves (idempotent): the first `admin` account, the reference
 * lists, and with `DEMO_DATA=1` the demo data on a database with no data of its own (one
 * console line when stored). `demo` is what was stored, null when nothing was.
 */
export async function prepareStore(
  store: Store,
  config: Config,
  registry: Registry = defaultRegistry,
): Promise<{ admin: Awaited<ReturnType<typeof ensureAdmin>>; demo: DemoSummary | null }> {
  const admin = await ensureAdmin(store, config.adminPassword);
  await seedResources(store, registry);
  const demo = config.demoData ? await seedDemoData(store, registry) : null;
  if (demo) console.log(demoLine(demo));
  return { admin, demo };
}

/**
 * The big collections every office uses, warmed besides the stays: the others (regions, doctors,
 * rooms…) are small or rarely read, and load on first use.
 */
const WARM = ["pasien", "icd"];

/** A search term no record holds, to warm the search structures. */
const NONE = "\u0000";

/** A resource's default list order: its first sortable column, ascending. */
function firstOrder(def: ResourceDef): { field: string; dir: "asc" }[] {
  const first = def.columns.find((col) => col.orderable !== false)?.data;
  return first ? [{ field: first, dir: "asc" }] : [];
}

/**
 * Loads the in-memory indexes the first screens read, in the background right after the server
 * listens (`main.ts`), so the first list or dashboard after a restart does not pay for them:
 * first the stays' index is loaded, then the dashboard's figures made (the home page) while the
 * ICD codes' and patients' indexes load, then their first pages (which build their orderings),
 * then the patients' trigrams, then both stay lists' first page and searches (which join their
 * search text), then the patients' searches, each step after `pause()` (the server's lets the
 * requests in flight finish first, 100 ms at most), and last both lists' orderings
 * (`warmListOrders`, each after `quiet()`: the server waits for a moment without requests),
 * then the package of stays written before a stay kept it (`backfillPackages`, likewise).
 * Returns how long it took; a failure is logged, never thrown (a request would load the index
 * anyway).
 */
export async function warmIndexes(
  store: Store,
  registry: Registry = defaultRegistry,
  quiet: () => Promise<void> = nextTurn,
  pause: () => Promise<void> = nextTurn,
): Promise<number> {
  const t0 = performance.now();
  try {
    const warm = WARM.map((name) => registry.get(name)).filter((def) => !!def);
    // the stays, then the dashboard's figures (the home page) while the other indexes load
    const stays = await visitsOf(store).index();
    const others = (async () => {
      const out = [];
      for (const def of warm) out.push({ def, index: await collectionOf(store, def).index() });
      return out;
    })();
    await warmStayColumns(stays);
    medicalRecordInfo(await visitsOf(store).index(), currentMonth(new Date()));
    await pause();
    const loaded = await others;
    // their first pages (each builds its ordering: ~60 ms for 100,000 patients)
    for (const { def, index } of loaded) {
      index.query({ order: firstOrder(def), start: 0, length: def.pageSize ?? 10 });
      await pause();
    }
    // the patients' trigrams in slices (at once: one block of 150 ms, 500 ms under load)
    for (const { index } of loaded) await index.warmGrams(10_000, pause);
    for (
      const [mode, columns] of [["dirawat", VISIT_COLUMNS], ["pulang", DISCHARGE_COLUMNS]] as const
    ) {
      // the first page, then searches that join the search text and build the trigrams
      for (const search of ["", NONE, NONE.repeat(3)]) {
        const q = tableQuery(columns, { draw: 0, start: 0, length: LIST_PAGE, order: [0, "asc"] });
        q.set("search[value]", search);
        await ipdTable(store, q, mode);
        await pause();
      }
    }
    // the patients' searches (which join their search text)
    for (const { def, index } of loaded.filter((l) => l.def.name === "pasien")) {
      for (const search of [NONE, NONE.repeat(3)]) {
        index.query({ order: firstOrder(def), search, length: 10 });
      }
      await pause(); // requests first
    }
    // last, in quiet moments: every index the first screens read is loaded by then, and a busy
    // office's requests build the few orderings they use themselves
    await warmListOrders(store, quiet);
    // stays written before a stay kept its INA-CBG package get it, in quiet moments
    await backfillPackages(store, quiet);
  } catch (e) {
    console.error("Pemanasan indeks gagal (indeks dimuat saat dibutuhkan):", e);
  }
  return performance.now() - t0;
}

/**
 * Builds the application: middleware (security headers, same-origin check, session), the
 * login routes, every resource's API and page, and one error mapper.
 */
export function createApp(opts: AppOptions): Hono<AppEnv> {
  const registry = opts.registry ?? defaultRegistry;
  const nav = navOf(registry, [...IPD_NAV, ...KLAIM_NAV, ...SETTINGS_NAV]);
  const now = opts.now ?? (() => new Date());
  const access = accessOf(registry);
  let ready: Promise<{ store: Store; manifest: Manifest; audit: AuditLog }> | null = null;
  const init = async () => {
    await ensureBundle();
    const manifest = await readManifest(STATIC_DIR);
    if (!manifest) throw new Error("Bundle JavaScript tidak ditemukan; jalankan deno task build");
    const store = opts.store ?? await openConfiguredStore(opts.config);
    await prepareStore(store, opts.config, registry);
    await cleanBackupTemps(backupDir(opts.config.dataDir));
    await syncBackupList(store, backupDir(opts.config.dataDir));
    // the log holds patient data: 0600 files in 0700 folders, wherever AUDIT_PATH puts it
    const audit = opts.audit ?? await openPrivately(auditPathOf(opts.config), AuditLog.open);
    await privateDir(uploadsDir(opts.config.dataDir));
    return { store, manifest, audit };
  };

  const app = new Hono<AppEnv>();
  app.onError(onError);
  app.use("*", securityHeaders(opts.config.trustProxy));
  app.use("/static/*", serveStatic(STATIC_DIR));
  app.use("*", gzipAnswers());
  app.use("*", sameOrigin(opts.config.allowedOrigins));
  app.use("*", async (c, next) => {
    const { store, manifest, audit } = await (ready ??= init().catch((e) => {
      ready = null;
      throw e;
    }));
    c.set("store", store);
    c.set("manifest", manifest);
    c.set("config", opts.config);
    c.set("nav", nav);
    c.set("now", now);
    c.set("audit", audit);
    c.set("access", access);
    await store.gate.shared(next); // a database switch waits for requests in flight
  });
  app.use("*", hospitalZoneScope());
  app.use("*", authorize(access, opts.config.sessionIdleMinutes * 60_000));
  app.use("*", limitBody(IMPORT_LIMITS.bytes));
  app.route("/", authRoutes(opts.licence ?? serviceGate(opts.config)));
  app.route("/", licenceRoutes());
  app.route("/", homeRoutes(registry));
  app.route("/", accountRoutes());
  app.route("/", auditRoutes());
  app.route("/", reportApi(registry));
  app.route("/api/ipd", ipdApi(registry));
  app.route("/api/klaim", klaimApi(registry));
  app.route("/", ipdPages(registry));
  app.route("/", klaimPages(registry));
  app.route("/", resourceRoutes(registry));
  app.route("/", connectionRoutes(opts.connectTimeoutMs));
  app.route("/", backupRoutes());
  app.route("/", progressRoutes());
  app.route("/", settingsRoutes(registry));
  app.notFound((c) => {
    if (c.req.path.startsWith("/api/")) {
      return c.json({ success: false, message: "Alamat tidak ditemukan." }, 404);
    }
    return c.text("Halaman tidak ditemukan.", 404);
  });
  return app;
}
