import { z } from "zod";
import { AppError } from "../errors.ts";

/**
 * A backup file: a 4 KiB header (magic line, then JSON: format version, payload kind, size and
 * SHA-256 of the payload, and the catalogue entry) padded with spaces, then the payload, either
 * a SQLite copy of a local store (`sqlite`) or a JSON-lines logical dump (`jsonl`). Format 2
 * stores the payload gzip-compressed (`compression: "gzip"`; size and SHA-256 are those of
 * the stored, compressed bytes); format 1 files (uncompressed) still restore.
 */
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
  const text = `${MAGIC}\n${JSON.stringify(h)}\n`;
  const bytes = new TextEncoder().encode(text);
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

/**
 * How far a gzipped payload may grow as it unpacks: `ratio` times its stored size, or
 * `floorBytes` for a small one. A SQLite copy of a store gzips to about a tenth (9.4 times for
 * 206,000 entries of regions and patients); a payload growing past the cap is refused as it is
 * unpacked, at the cap (a compression bomb), before the disk fills.
 */
export const UNPACK_LIMITS = { ratio: 50, floorBytes: 16 * 2 ** 20 };

/** The most bytes a payload of `stored` bytes may unpack to (`UNPACK_LIMITS`). */
export const unpackCap = (stored: number): number =>
  Math.max(UNPACK_LIMITS.floorBytes, stored * UNPACK_LIMITS.ratio);

/**
 * Runs a job in a worker thread; resolves with the header written or read. `onBytes` hears
 * how many bytes of the source were read so far, out of its size.
 */
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
