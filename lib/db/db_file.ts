import { basename, dirname, extname, join } from "node:path";
import { ulid } from "ulid";

/**
 * The pointer of a local store's *base* (the configured path): after a restore it names the
 * live file built aside in the same folder; without one the base is the live file.
 */
export const pointerOf = (base: string) => `${base}.current.json`;

const SQLITE_SUFFIX = /(-wal|-shm|-journal)?$/;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** For `.catch`: a file (or folder) that is not there gives `undefined`; other errors throw. */
export function ignoreMissing(e: unknown): undefined {
  if (!(e instanceof Deno.errors.NotFound)) throw e;
}

/** The live file of `base`: the one its pointer names, else `base` itself. */
export async function liveFile(base: string): Promise<string> {
  const text = await Deno.readTextFile(pointerOf(base)).catch(ignoreMissing);
  if (text === undefined) return base;
  const file = JSON.parse(text).file;
  if (typeof file !== "string" || !/^[\w.-]+$/.test(file)) {
    throw new Error(`Penunjuk basis data ${pointerOf(base)} tidak valid.`);
  }
  const path = join(dirname(base), file);
  try {
    await Deno.stat(path);
  } catch {
    throw new Error(`Basis data ${path} yang ditunjuk ${pointerOf(base)} tidak ditemukan.`);
  }
  return path;
}

/** A new file name beside `base` for a store built aside: `casemix-<ulid>.kv`. */
export function newLiveFile(base: string): string {
  const ext = extname(base);
  return join(dirname(base), `${basename(base, ext)}-${ulid()}${ext}`);
}

/** fsync of a file, or of a folder so a rename in it is durable (ignored where unsupported). */
export async function syncPath(path: string): Promise<void> {
  try {
    const f = await Deno.open(path, { read: true });
    try {
      await f.sync();
    } finally {
      f.close();
    }
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound) && Deno.build.os !== "windows") throw e;
  }
}

/** Writes a small file durably and atomically: temp file, fsync, rename, fsync of the folder. */
export async function writeAtomic(path: string, text: string, mode = 0o644): Promise<void> {
  const tmp = `${path}.tmp-${ulid()}`;
  await Deno.writeTextFile(tmp, text, { mode });
  await syncPath(tmp);
  await Deno.rename(tmp, path);
  await syncPath(dirname(path));
}

/** Points `base` at `live` (a file in the same folder), durably. */
export async function writePointer(base: string, live: string): Promise<void> {
  await writeAtomic(pointerOf(base), JSON.stringify({ file: basename(live), at: new Date() }));
}

/** Removes pointer temp files, stores built aside and replaced files beside `base` (not `live`). */
export async function cleanStrays(base: string, live: string): Promise<string[]> {
  const ext = extname(base);
  const stem = escape(basename(base, ext));
  const built = new RegExp(`^${stem}-[0-9A-HJKMNP-TV-Z]{26}${escape(ext)}${SQLITE_SUFFIX.source}`);
  const own = new RegExp(`^${escape(basename(base))}${SQLITE_SUFFIX.source}`);
  const ptrTmp = `${basename(pointerOf(base))}.tmp-`;
  const liveName = basename(live);
  const gone: string[] = [];
  for await (const e of Deno.readDir(dirname(base))) {
    if (!e.isFile || e.name.replace(SQLITE_SUFFIX, "") === liveName) continue;
    if (built.test(e.name) || e.name.startsWith(ptrTmp) || (live !== base && own.test(e.name))) {
      await Deno.remove(join(dirname(base), e.name)).catch(() => {});
      gone.push(e.name);
    }
  }
  return gone;
}
