import { dirname, join } from "node:path";
import { ulid } from "ulid";
import { storageError } from "../errors.ts";
import { ignoreMissing } from "./db_file.ts";

/**
 * Reserves `bytes` of disk in `dir` with a ballast file, written out (not sparse), so that a
 * write spanning many commits that fills the disk can free the room its rollback needs.
 * Fails with 507 'Penyimpanan penuh…' (nothing written yet) when the room is not there.
 * Returns the release (removes the file).
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

/**
 * Makes a data folder readable by the server's user only (0700) and the given files in it
 * (the KV file and SQLite's `-wal`/`-shm` beside it) 0600. Skipped on Windows, where files
 * follow the folder's ACL.
 */
export async function restrictFiles(dir: string, files: string[]): Promise<void> {
  if (Deno.build.os === "windows") return;
  await Deno.chmod(dir, 0o700);
  for (const f of files) {
    for (const path of [f, `${f}-wal`, `${f}-shm`]) {
      await Deno.chmod(path, 0o600).catch(ignoreMissing);
    }
  }
}

/**
 * Makes a folder (and any missing parent) readable by the server's user only: created 0700, an
 * existing one set to 0700. Skipped on Windows (the folder's ACL applies).
 */
export async function privateDir(dir: string): Promise<void> {
  await Deno.mkdir(dir, { recursive: true, mode: 0o700 });
  if (Deno.build.os !== "windows") await Deno.chmod(dir, 0o700);
}

/**
 * Opens a KV file (or `:memory:`, or a URL, left as they are) with `open` so that no one else
 * can read it at any moment: its folders are made 0700 (`privateDir`), the file is created 0600
 * before it is opened (SQLite gives its `-wal` and `-shm` the file's mode), and afterwards the
 * file and those two are set to 0600 (files an earlier version left 0644).
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
