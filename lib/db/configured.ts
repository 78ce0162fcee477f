import { join } from "node:path";
import { z } from "zod";
import type { Config } from "../config.ts";
import { kindOf, Store } from "./store.ts";
import { ignoreMissing } from "./db_file.ts";

/** Where the store lives, as chosen on the 'Koneksi Database' page. */
export type Connection = { mode: "local" } | { mode: "remote"; url: string; token: string };

const saved = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("local") }),
  z.object({ mode: z.literal("remote"), url: z.string().url(), token: z.string().min(1) }),
]);

/** `DATA_DIR/connection.json`: the saved choice (absent: the configured `DB_PATH`). */
export const connectionPath = (dataDir: string) => join(dataDir, "connection.json");

/** The local KV file: `DB_PATH` when it names a file, else `DATA_DIR/casemix.kv`. */
export const localBase = (config: Config) =>
  kindOf(config.dbPath) === "file" ? config.dbPath : join(config.dataDir, "casemix.kv");

/** The saved connection, or null when none was saved. */
export async function readConnection(dataDir: string): Promise<Connection | null> {
  const text = await Deno.readTextFile(connectionPath(dataDir)).catch(ignoreMissing);
  if (text === undefined) return null;
  const r = saved.safeParse(JSON.parse(text));
  if (!r.success) throw new Error(`${connectionPath(dataDir)} tidak valid.`);
  return r.data;
}

/** Where to open the store: the saved choice, else `DB_PATH`. */
export const locationOf = (config: Config, c: Connection | null) =>
  c?.mode === "remote" ? c.url : c?.mode === "local" ? localBase(config) : config.dbPath;

/** Opens the store where the saved connection (or `DB_PATH`) says, at the app's start. */
export async function openConfiguredStore(config: Config): Promise<Store> {
  const c = await readConnection(config.dataDir);
  return await Store.open(locationOf(config, c), c?.mode === "remote" ? c.token : undefined);
}
