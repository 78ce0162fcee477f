/**
 * Where the public data sets live (see SOURCES.md there): `SHARED_DATA` when set (a CI checkout),
 * else `../shared/data` beside the repository, else beside its parent folder (a git worktree in
 * a folder of worktrees).
 */
import { join } from "node:path";

const root = join(import.meta.dirname!, "..");

function find(): string {
  const set = Deno.env.get("SHARED_DATA");
  if (set) return set;
  const tries = [join(root, "..", "shared", "data"), join(root, "..", "..", "shared", "data")];
  for (const t of tries) {
    try {
      if (Deno.statSync(t).isDirectory) return t;
    } catch { /* next */ }
  }
  return tries[0];
}

/** The folder of ../shared/data. */
export const SHARED_DATA = find();
