import { statfs } from "node:fs/promises";
import { dirname } from "node:path";

/** Below this much free space the backup screen warns. */
export const LOW_DISK_BYTES = 2 * 1024 ** 3;

/** Free space where backups are written (bytes; null when the system does not say). */
export interface DiskSpace {
  free: number | null;
  low: boolean;
}

/** The free space of the disk holding `dir` (or its nearest existing parent). */
export async function diskSpace(dir: string): Promise<DiskSpace> {
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
