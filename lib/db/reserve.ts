import { dirname, join } from "node:path";
import { ulid } from "ulid";
import { storageError } from "../errors.ts";
import { ignoreMissing } from "./db_file.ts";

/**
 * Reserves `bytes` of disk in `dir` with a ballast file (not sparse) a journaled write frees for
 * its rollback; 507 when the room is not there. Returns the release.
 */
export async function reserveDisk(dir: string, bytes: number): Promise<() => Promise<void>> {
  const path = join(dir, `.reserve-${ulid()}`);
  const release = () => Deno.remove(path).catch(() => {});
  try {
    const f = await Deno.open(path, { write: true, create: true, mode: 0o600 });
    try {
      const chunk = new Uint8Array(1 << 20);
      for (let left = bytes; left > 0;) {
        const n = await f.write(chunk.subarray(0, Math.min(chunk.length, left)));
        left -= n;
      }
      // no fsync: the file system counts written (even unflushed) blocks as used at once
    } finally {
      f.close();
    }
  } catch (e) {
    await release();
    throw storageError(e);
  }
  return release;
}

/** Removes ballast files a crash left in `dir`. */
export async function dropReserves(dir: string): Promise<void> {
  try {
    for await (const e of Deno.readDir(dir)) {
      if (e.isFile && e.name.startsWith(".reserve-")) await Deno.remove(join(dir, e.name));
    }
  } catch { /* no folder */ }
}

/** Makes `dir` 0700 and `files` with their `-wal`/`-shm` 0600 (not on Windows: ACLs apply). */
export async function restrictFiles(dir: string, files: string[]): Promise<void> {
  if (Deno.build.os === "windows") return;
  await Deno.chmod(dir, 0o700);
  for (const f of files) {
    for (const path of [f, `${f}-wal`, `${f}-shm`]) {
      await Deno.chmod(path, 0o600).catch(ignoreMissing);
    }
  }
}

/** Makes a folder (and missing parents) 0700, an existing one too (not on Windows). */
export async function privateDir(dir: string): Promise<void> {
  await Deno.mkdir(dir, { recursive: true, mode: 0o700 });
  if (Deno.build.os !== "windows") await Deno.chmod(dir, 0o700);
}

/**
 * Opens a KV file with `open` so no one else can ever read it: folders 0700, the file created
 * 0600 before the open (SQLite gives `-wal`/`-shm` its mode), all three set 0600 after.
 */
export async function openPrivately<T>(
  path: string,
  open: (path: string) => Promise<T>,
): Promise<T> {
  if (path === ":memory:" || /^https?:\/\//.test(path)) return await open(path);
  await privateDir(dirname(path));
  try {
    (await Deno.open(path, { write: true, createNew: true, mode: 0o600 })).close();
  } catch (e) {
    if (!(e instanceof Deno.errors.AlreadyExists)) throw e;
  }
  await restrictFiles(dirname(path), [path]);
  const opened = await open(path);
  await restrictFiles(dirname(path), [path]);
  return opened;
}
