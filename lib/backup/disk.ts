import { statfs } from "node:fs/promises";
import { dirname } from "node:path";

/** Below this much free space the backup screen warns. */
const LOW_DISK_BYTES = 2 * 1024 ** 3;

/** The free bytes of the disk holding `dir` or its nearest parent (null: the system won't say). */
export async function diskSpace(dir: string): Promise<{ free: number | null; low: boolean }> {
  for (let d = dir, i = 0; i < 20; d = dirname(d), i++) {
    try {
      const s = await statfs(d);
      const free = Number(s.bavail) * Number(s.bsize);
      return { free, low: free < LOW_DISK_BYTES };
    } catch {
      if (dirname(d) === d) break;
    }
  }
  return { free: null, low: false };
}
