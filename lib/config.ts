import { join } from "node:path";

/** Runtime configuration read from the environment once at start-up. */
export interface Config {
  /** Folder holding everything the app writes (KV file, uploads, backups, config). */
  dataDir: string;
  /** KV location: a file path, `:memory:` or a KV Connect URL. */
  dbPath: string;
  port: number;
  /** Password for the first `admin` account; random when unset. */
  adminPassword?: string;
  /** Extra origins allowed to send mutating requests (reverse proxies). */
  allowedOrigins: string[];
  /** Automatic daily backups kept (older ones are deleted); 0 turns them off. */
  backupKeep: number;
}

/** Reads `DATA_DIR`, `DB_PATH`, `PORT`, `ADMIN_PASSWORD`, `ALLOWED_ORIGINS`, `BACKUP_KEEP`. */
export function loadConfig(env: { get(k: string): string | undefined } = Deno.env): Config {
  const dataDir = env.get("DATA_DIR") || "./data";
  return {
    dataDir,
    dbPath: env.get("DB_PATH") || join(dataDir, "casemix.kv"),
    port: Number(env.get("PORT") || 8000),
    adminPassword: env.get("ADMIN_PASSWORD") || undefined,
    allowedOrigins: (env.get("ALLOWED_ORIGINS") ?? "").split(",").map((s) => s.trim()).filter(
      Boolean,
    ),
    backupKeep: Math.max(0, Number.parseInt(env.get("BACKUP_KEEP") || "7", 10) || 0),
  };
}
