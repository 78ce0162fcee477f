/**
 * Where the public data sets live (see its SOURCES.md): `SHARED_DATA` when set, else
 * `../shared/data` beside the repository, else beside the repository's parent (a git worktree).
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
export const SHARED = find();
