import { join } from "node:path";

/** Runtime configuration read from the environment once at start-up (README's table). */
export interface Config {
  dataDir: string;
  dbPath: string;
  host: string;
  port: number;
  adminPassword?: string;
  allowedOrigins: string[];
  /** The licence activation service; unset: demo mode (see main.ts). */
  licenceUrl?: string;
  licenceGraceDays: number;
  licenceTimeoutMs: number;
  /** Set by main.ts when it runs the shipped licence service itself: the demo hospital code. */
  demoHospitalCode?: string;
  backupKeep: number;
  /** Largest backup file accepted as an upload to restore from (bytes; `BACKUP_UPLOAD_MAX_MB`). */
  backupUploadBytes: number;
  demoData: boolean;
  sessionIdleMinutes: number;
  requestsAtOnce: number;
  /** Reverse proxies in front (0: none), whose `X-Forwarded-*` entries are trusted. */
  trustProxy: number;
  auditPath?: string;
  /** The region list (gzipped `kode,nama` CSV) the first run loads; unset: the official one. */
  regionList?: URL;
}

/** Where the audit log lives for a configuration. */
export const auditPathOf = (c: Config): string =>
  c.auditPath ?? (c.dbPath === ":memory:" ? ":memory:" : join(c.dataDir, "audit.kv"));

type Env = { get(k: string): string | undefined };

/** A number setting at least `min`; a clear start-up error instead of a silent fallback. */
function numberOf(env: Env, name: string, fallback: number, min: number): number {
  const v = env.get(name)?.trim();
  if (!v) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < min) {
    throw new Error(`${name} harus berupa angka ${min} atau lebih (sekarang '${v}').`);
  }
  return n;
}

/** A yes/no setting: 1/true/ya/yes/on or 0/false/tidak/no/off; a clear error otherwise. */
function flagOf(env: Env, name: string): boolean {
  const v = env.get(name)?.trim().toLowerCase();
  if (!v) return false;
  if (["1", "true", "ya", "yes", "on"].includes(v)) return true;
  if (["0", "false", "tidak", "no", "off"].includes(v)) return false;
  throw new Error(`${name} harus 1 (aktif) atau 0 (sekarang '${env.get(name)}').`);
}

/** `TRUST_PROXY`: how many proxies are in front (0 or a whole number; yes/no words too). */
function proxiesOf(env: Env): number {
  const v = env.get("TRUST_PROXY")?.trim().toLowerCase();
  if (!v) return 0;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  if (["true", "ya", "yes", "on"].includes(v)) return 1;
  if (["false", "tidak", "no", "off"].includes(v)) return 0;
  throw new Error(
    `TRUST_PROXY harus 0 atau jumlah proxy di depan aplikasi, mis. 1 (sekarang '${v}').`,
  );
}

/** `PORT`: a whole number from 0 to 65535. */
function portOf(env: Env): number {
  const v = env.get("PORT")?.trim();
  if (!v) return 8000;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    throw new Error(`PORT harus berupa angka 0 sampai 65535 (sekarang '${v}').`);
  }
  return n;
}

/** `HOST`: an IP address or host name to listen on, default every interface. */
function hostOf(env: Env): string {
  const v = env.get("HOST")?.trim();
  if (!v) return "0.0.0.0";
  if (!/^(\[[0-9a-fA-F:.]+\]|[0-9a-fA-F:.]+|[A-Za-z0-9][A-Za-z0-9.-]*)$/.test(v)) {
    throw new Error(
      `HOST harus berupa alamat IP atau nama host, mis. 0.0.0.0 atau 127.0.0.1 (sekarang '${v}').`,
    );
  }
  return v.replace(/^\[(.*)\]$/, "$1");
}

/** `LICENCE_URL` without trailing slashes; only http(s) addresses are accepted. */
function licenceUrlOf(env: Env): string | undefined {
  const v = env.get("LICENCE_URL")?.trim();
  if (!v) return undefined;
  if (!URL.canParse(v) || !/^https?:$/.test(new URL(v).protocol)) {
    throw new Error(
      `LICENCE_URL harus berupa alamat http(s), mis. https://lisensi.contoh.id (sekarang '${v}').`,
    );
  }
  return v.replace(/\/+$/, "");
}

/** Reads the configuration from the environment (README lists the variables and defaults). */
export function loadConfig(env: Env = Deno.env): Config {
  const dataDir = env.get("DATA_DIR") || "./data";
  return {
    dataDir,
    dbPath: env.get("DB_PATH") || join(dataDir, "casemix.kv"),
    host: hostOf(env),
    port: portOf(env),
    adminPassword: env.get("ADMIN_PASSWORD") || undefined,
    allowedOrigins: (env.get("ALLOWED_ORIGINS") ?? "").split(",").map((s) => s.trim()).filter(
      Boolean,
    ),
    licenceUrl: licenceUrlOf(env),
    licenceGraceDays: numberOf(env, "LICENCE_GRACE_DAYS", 7, 0),
    licenceTimeoutMs: numberOf(env, "LICENCE_TIMEOUT_MS", 8000, 100),
    backupKeep: numberOf(env, "BACKUP_KEEP", 7, 0),
    backupUploadBytes: numberOf(env, "BACKUP_UPLOAD_MAX_MB", 2048, 1) * 2 ** 20,
    demoData: flagOf(env, "DEMO_DATA"),
    sessionIdleMinutes: numberOf(env, "SESSION_IDLE_MINUTES", 30, 1),
    requestsAtOnce: numberOf(env, "REQUESTS_AT_ONCE", 6, 1),
    trustProxy: proxiesOf(env),
    auditPath: env.get("AUDIT_PATH") || undefined,
  };
}
