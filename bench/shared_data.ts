/**
 * Where the public data sets live (see SOURCES.md there): `SHARED_DATA` when set (a git worktree
 * elsewhere, a CI checkout), else `../shared/data` beside the repository.
 */
import { join } from "node:path";

export const SHARED_DATA = Deno.env.get("SHARED_DATA") ||
  join(import.meta.dirname!, "..", "..", "shared", "data");
