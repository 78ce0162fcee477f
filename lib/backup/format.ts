import { z } from "zod";
import { AppError } from "../errors.ts";
import type { Tracker } from "../progress/progress.ts";

/** A backup file's first line (the file: lib/backup/README.md). */
export const MAGIC = "CASEMIX-KV-BACKUP";
export const FORMAT = 2 as const;
/** Formats this version restores. */
export const FORMATS: number[] = [1, 2];
export const HEADER_BYTES = 4096;
/** Backup files end with this; files being written start with `.tmp-`. */
export const BACKUP_EXT = ".kvbak";

const headerSchema = z.object({
  format: z.union([z.literal(1), z.literal(2)]),
  compression: z.enum(["gzip"]).optional(),
  kind: z.enum(["sqlite", "jsonl"]),
  id: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/),
  name: z.string(),
  desc: z.string(),
  auto: z.enum(["", "daily", "restore"]),
  created: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  entries: z.number().int().nonnegative().optional(),
});

/** What a backup file's header says. */
export type BackupHeader = z.infer<typeof headerSchema>;

/** 422: the file is not a backup this version can restore, or it is damaged. */
export const badBackup = (why: string) =>
  new AppError(422, `Berkas cadangan ditolak: ${why} Basis data tidak diubah.`);

/** The header block, padded to `HEADER_BYTES`. */
export function encodeHeader(h: BackupHeader): Uint8Array {
  const bytes = new TextEncoder().encode(`${MAGIC}\n${JSON.stringify(h)}\n`);
  if (bytes.length > HEADER_BYTES) throw new AppError(400, "Nama atau keterangan terlalu panjang.");
  const out = new Uint8Array(HEADER_BYTES).fill(0x20);
  out.set(bytes);
  return out;
}

/** Parses a header block; throws `badBackup` when it is not one. */
export function decodeHeader(block: Uint8Array): BackupHeader {
  const text = new TextDecoder().decode(block);
  if (!text.startsWith(`${MAGIC}\n`)) throw badBackup("bukan berkas cadangan Casemix RS.");
  let json: unknown;
  try {
    json = JSON.parse(text.slice(MAGIC.length + 1).trimEnd());
  } catch {
    throw badBackup("kepala berkas rusak.");
  }
  const format = (json as { format?: unknown })?.format;
  if (!FORMATS.includes(format as number)) {
    throw badBackup(
      `format ${String(format)} tidak dikenal (yang didukung: ${FORMATS.join(", ")}).`,
    );
  }
  const r = headerSchema.safeParse(json);
  if (!r.success) throw badBackup("kepala berkas rusak.");
  return r.data;
}

/** Reads and checks the header of a backup file (not its checksum). */
export async function readHeader(path: string): Promise<BackupHeader> {
  const f = await Deno.open(path, { read: true });
  try {
    const block = new Uint8Array(HEADER_BYTES);
    let n = 0;
    while (n < HEADER_BYTES) {
      const got = await f.read(block.subarray(n));
      if (got === null) throw badBackup("berkas terpotong.");
      n += got;
    }
    return decodeHeader(block);
  } finally {
    f.close();
  }
}

/** A job for the backup worker (file work kept off the thread that answers requests). */
export type BackupJob =
  | {
    op: "pack";
    /** A live local KV file to copy with `VACUUM INTO` (or `payload`, an existing file). */
    vacuumFrom?: string;
    payload?: string;
    out: string;
    header: Omit<BackupHeader, "size" | "sha256">;
  }
  | {
    op: "unpack";
    file: string;
    /** Where the payload is unpacked (a temporary file). */
    out: string;
    /** A file Deno KV has just made: a SQLite payload's rows are copied into it (adopt.ts). */
    into: string;
  };

/** How far a gzipped payload may grow unpacking (`ratio` times, at least `floorBytes`). */
export const UNPACK_LIMITS = { ratio: 50, floorBytes: 16 * 2 ** 20 };

/** The most bytes a payload of `stored` bytes may unpack to (`UNPACK_LIMITS`). */
export const unpackCap = (stored: number): number =>
  Math.max(UNPACK_LIMITS.floorBytes, stored * UNPACK_LIMITS.ratio);

/** Progress of a job's bytes as phase `label` of `progress` (started now, at 0). */
export function byteProgress(label: string, progress?: Tracker) {
  progress?.phase(label, 0, "byte");
  return (done: number, total: number) => {
    if (progress && progress.total !== total) progress.phase(label, total, "byte");
    progress?.step(done);
  };
}

/** Runs a job in a worker thread: the header written or read; `onBytes` hears bytes read. */
export function runBackupJob(
  job: BackupJob,
  onBytes?: (done: number, total: number) => void,
): Promise<BackupHeader> {
  const w = new Worker(new URL("./worker.ts", import.meta.url).href, { type: "module" });
  return new Promise<BackupHeader>((resolve, reject) => {
    w.onmessage = (e: MessageEvent) => {
      const d = e.data as {
        header?: BackupHeader;
        status?: 422 | 500;
        message?: string;
        bytes?: [number, number];
      };
      if (d.bytes) onBytes?.(...d.bytes);
      else if (d.header) resolve(d.header);
      else reject(d.status === 422 ? new AppError(422, d.message!) : new Error(d.message));
    };
    w.onerror = (e) => {
      e.preventDefault();
      reject(new Error(e.message));
    };
    w.postMessage(job);
  }).finally(() => w.terminate());
}
