import { Hono } from "hono";
import { join } from "node:path";
import { registry as defaultRegistry } from "./resources/mod.ts";
import { authRoutes } from "./routes/auth.tsx";
import { backupRoutes, UPLOAD_PATH } from "./routes/backup.tsx";
import { progressRoutes } from "./routes/progress.ts";
import { connectionRoutes } from "./routes/connection.tsx";
import { homeRoutes } from "./routes/home.tsx";
import { ipdApi } from "./routes/ipd_api.ts";
import { klaimApi } from "./routes/klaim_api.ts";
import { eklaimApi } from "./routes/eklaim_api.ts";
import { ipdPages } from "./routes/ipd_pages.tsx";
import { klaimPages } from "./routes/klaim_pages.tsx";
import { licenceRoutes } from "./routes/licence.tsx";
import { reportApi } from "./routes/report_api.ts";
import { resourceRoutes } from "./routes/resources.tsx";
import { settingsRoutes } from "./routes/settings.tsx";
import { appNav } from "./routes/_nav.ts";
import { ensureAdmin } from "./lib/auth/auth.ts";
import { backupDir, cleanBackupTemps, syncBackupList } from "./lib/backup/backup.ts";
import { openConfiguredStore } from "./lib/db/configured.ts";
import { auditPathOf, type Config } from "./lib/config.ts";
import { demoLine, seedDemoData } from "./lib/demo/data.ts";
import type { AppEnv } from "./lib/http/env.ts";
import { onError } from "./lib/http/http.ts";
import { type Manifest, readManifest } from "./lib/http/islands.ts";
import { type LicenceGate, serviceGate } from "./lib/licence/gate.ts";
import { auditOutbox, authorize, sameOrigin, securityHeaders } from "./lib/http/middleware.ts";
import { drainOutbox } from "./lib/http/outbox.ts";
import { AuditLog } from "./lib/audit/log.ts";
import { accessOf } from "./routes/_access.ts";
import { queued, RequestQueue } from "./lib/http/request_queue.ts";
import { received } from "./lib/http/receive.ts";
import { accountRoutes } from "./routes/account.tsx";
import { auditRoutes } from "./routes/audit.tsx";
import { IMPORT_LIMITS } from "./lib/resource/import_limits.ts";
import type { Registry } from "./lib/resource/refs.ts";
import { seedResources } from "./lib/resource/seed.ts";
import { hospitalZoneScope } from "./lib/settings/zone.ts";
import { serveStatic } from "./lib/http/static.ts";
import { gzipAnswers } from "./lib/http/gzip.ts";
import type { Store } from "./lib/db/store.ts";
import { openPrivately, privateDir } from "./lib/db/reserve.ts";
import { uploadsDir } from "./lib/settings/background.ts";

/** The static folder, beside the program (also inside a compiled binary). */
export const STATIC_DIR = join(import.meta.dirname!, "static");

/** build.ts by a computed address, so that `deno compile` leaves esbuild out of the binary. */
const BUILD_MODULE = new URL("./build.ts", import.meta.url).href;

/** Builds the browser bundle when missing or stale (a compiled binary ships its own: never). */
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

interface AppOptions {
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
  /** The bundle was checked already (`main.ts`), so the first request does not hash the sources. */
  bundleReady?: boolean;
}

/** Readies a store (idempotent): the first `admin`, the lists, with `DEMO_DATA=1` demo data. */
export async function prepareStore(store: Store, config: Config, registry = defaultRegistry) {
  const admin = await ensureAdmin(store, config.adminPassword);
  await seedResources(store, registry);
  const demo = config.demoData ? await seedDemoData(store, registry) : null;
  if (demo) console.log(demoLine(demo));
  return { admin, demo };
}

/** Builds the application: the middleware, every route, one error mapper. */
export function createApp(opts: AppOptions): Hono<AppEnv> {
  const registry = opts.registry ?? defaultRegistry;
  const nav = appNav(registry);
  const now = opts.now ?? (() => new Date());
  const access = accessOf(registry);
  let ready: Promise<{ store: Store; manifest: Manifest; audit: AuditLog }> | null = null;
  const init = async () => {
    if (!opts.bundleReady) await ensureBundle();
    const manifest = await readManifest(STATIC_DIR);
    if (!manifest) throw new Error("Bundle JavaScript tidak ditemukan; jalankan deno task build");
    const store = opts.store ?? await openConfiguredStore(opts.config);
    await prepareStore(store, opts.config, registry);
    await cleanBackupTemps(backupDir(opts.config.dataDir));
    await syncBackupList(store, backupDir(opts.config.dataDir));
    // the log holds patient data: 0600 files in 0700 folders, wherever AUDIT_PATH puts it
    const audit = opts.audit ?? await openPrivately(auditPathOf(opts.config), AuditLog.open);
    // entries whose append a crash or a failure cut off, before any request is served
    await drainOutbox(store.kv, audit);
    await privateDir(uploadsDir(opts.config.dataDir));
    return { store, manifest, audit };
  };

  const readied = () =>
    ready ??= init().catch((e) => {
      ready = null;
      throw e;
    });
  const idleMs = opts.config.sessionIdleMinutes * 60_000;

  const app = new Hono<AppEnv>();
  app.onError(onError);
  app.use("*", securityHeaders(opts.config.trustProxy));
  app.use("/static/*", serveStatic(STATIC_DIR));
  // before a slot: the session (anonymous share) and the body, so a slow client holds none
  app.use(
    "*",
    received({
      store: async () => (await readied()).store,
      idleMs,
      access,
      importBytes: IMPORT_LIMITS.bytes,
      streamed: (path) => path === UPLOAD_PATH,
    }),
  );
  // static files are not queued: a page's scripts never wait behind other users' lists
  app.use("*", queued(new RequestQueue(opts.config.requestsAtOnce), (c) => !c.get("session")));
  app.use("*", gzipAnswers());
  app.use("*", sameOrigin(opts.config.allowedOrigins));
  app.use("*", async (c, next) => {
    const { store, manifest, audit } = await readied();
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
  app.use("*", authorize(access, idleMs));
  app.use("*", auditOutbox());
  app.route("/", authRoutes(opts.licence ?? serviceGate(opts.config)));
  app.route("/", licenceRoutes());
  app.route("/", homeRoutes(registry));
  app.route("/", accountRoutes());
  app.route("/", auditRoutes());
  app.route("/", reportApi(registry));
  app.route("/api/ipd", ipdApi(registry));
  app.route("/api/klaim", klaimApi(registry));
  app.route("/api/eklaim", eklaimApi(registry));
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
