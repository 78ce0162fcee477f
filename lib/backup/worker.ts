/// <reference lib="deno.worker" />
/** Worker thread of the backup jobs (pack, unpack), off the request thread (README.md). */
import { createHash } from "node:crypto";
import { dirname, join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import {
  type BackupHeader,
  type BackupJob,
  badBackup,
  decodeHeader,
  encodeHeader,
  FORMAT,
  HEADER_BYTES,
  UNPACK_LIMITS,
  unpackCap,
} from "./format.ts";
import { adoptRows } from "./adopt.ts";
import { AppError } from "../errors.ts";
import { formatBytes } from "../format.ts";
import { syncPath } from "../db/db_file.ts";

const CHUNK = 1 << 20;
type Bytes = TransformStream<Uint8Array, Uint8Array>;

/** Reports bytes read to the thread that started the job (every 4 MiB and at the end). */
function progress(from: Deno.FsFile, done: number) {
  if (done % (4 * CHUNK) < CHUNK) self.postMessage({ bytes: [done, from.statSync().size] });
}

function readFull(f: Deno.FsFile, buf: Uint8Array): number {
  let n = 0;
  while (n < buf.length) {
    const got = f.readSync(buf.subarray(n));
    if (got === null) break;
    n += got;
  }
  return n;
}

function writeAll(f: Deno.FsFile, buf: Uint8Array) {
  for (let n = 0; n < buf.length;) n += f.writeSync(buf.subarray(n));
}

/** Copies `size` bytes of `from` (or to its end) to `to`, hashing. */
function copyHashed(from: Deno.FsFile, to: Deno.FsFile, size: number) {
  const hash = createHash("sha256");
  const buf = new Uint8Array(CHUNK);
  let total = 0;
  while (total < size) {
    const n = readFull(from, buf.subarray(0, Math.min(CHUNK, size - total)));
    if (n === 0) break;
    hash.update(buf.subarray(0, n));
    writeAll(to, buf.subarray(0, n));
    total += n;
    progress(from, total);
  }
  return { total, sha256: hash.digest("hex") };
}

/** Gzips `from` (to its end) into `to`, hashing the compressed bytes as they are written. */
async function gzipHashed(from: Deno.FsFile, to: Deno.FsFile) {
  const hash = createHash("sha256");
  let total = 0;
  let read = 0;
  const size = from.statSync().size;
  const counted = from.readable.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, ctl) {
        read += chunk.length;
        if (read % (4 * CHUNK) < chunk.length || read === size) {
          self.postMessage({ bytes: [read, size] });
        }
        ctl.enqueue(chunk);
      },
    }),
  );
  const gz = counted.pipeThrough(new CompressionStream("gzip") as unknown as Bytes);
  for await (const chunk of gz) {
    hash.update(chunk);
    writeAll(to, chunk);
    total += chunk.length;
  }
  return { total, sha256: hash.digest("hex") };
}

/** Gunzips `size` bytes of `from` into `to`, hashing them; refuses past `unpackCap` at once. */
async function gunzipHashed(from: Deno.FsFile, to: Deno.FsFile, size: number) {
  const hash = createHash("sha256");
  const cap = unpackCap(size);
  let written = 0;
  let left = size;
  const stored = new ReadableStream<Uint8Array>({
    pull(ctl) {
      if (left <= 0) return ctl.close();
      const buf = new Uint8Array(Math.min(CHUNK, left));
      const n = readFull(from, buf);
      if (n === 0) return ctl.close();
      left -= n;
      hash.update(buf.subarray(0, n));
      progress(from, size - left);
      ctl.enqueue(buf.subarray(0, n));
    },
  });
  try {
    const gunzip = new DecompressionStream("gzip") as unknown as Bytes;
    for await (const chunk of stored.pipeThrough(gunzip)) {
      written += chunk.length;
      if (written > cap) {
        throw badBackup(
          `isi terkompresi mengembang lebih dari ${UNPACK_LIMITS.ratio} kali saat dibuka ` +
            `(berhenti di ${formatBytes(cap)} dari ${formatBytes(size)}), ciri bom kompresi.`,
        );
      }
      writeAll(to, chunk);
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    // damaged: a changed file is told by its checksum, which needs the rest of the bytes
    const buf = new Uint8Array(CHUNK);
    for (let n; left > 0 && (n = readFull(from, buf.subarray(0, Math.min(CHUNK, left)))) > 0;) {
      hash.update(buf.subarray(0, n));
      left -= n;
    }
    return { sha256: hash.digest("hex"), damaged: true };
  }
  return { sha256: hash.digest("hex"), damaged: false };
}

async function pack(job: Extract<BackupJob, { op: "pack" }>): Promise<BackupHeader> {
  const dir = dirname(job.out);
  const tmp = join(dir, `.tmp-${job.header.id}.part`);
  const payload = job.payload ?? join(dir, `.tmp-${job.header.id}.sqlite`);
  try {
    if (job.vacuumFrom) {
      const db = new DatabaseSync(job.vacuumFrom, { readOnly: true });
      try {
        db.exec(`VACUUM INTO '${payload.replaceAll("'", "''")}'`);
      } finally {
        db.close();
      }
    }
    const src = Deno.openSync(payload, { read: true });
    const out = Deno.openSync(tmp, { write: true, createNew: true, mode: 0o600 });
    let header: BackupHeader;
    try {
      writeAll(out, new Uint8Array(HEADER_BYTES).fill(0x20));
      const { total, sha256 } = await gzipHashed(src, out);
      header = { ...job.header, format: FORMAT, compression: "gzip", size: total, sha256 };
      out.seekSync(0, Deno.SeekMode.Start);
      writeAll(out, encodeHeader(header));
      out.syncSync();
    } finally {
      try {
        src.close(); // closed already when its stream ended
      } catch { /* closed */ }
      out.close();
    }
    Deno.renameSync(tmp, job.out);
    await syncPath(dir);
    return header;
  } finally {
    for (const f of [tmp, payload]) {
      try {
        Deno.removeSync(f);
      } catch { /* gone or renamed */ }
    }
  }
}

async function unpack(job: Extract<BackupJob, { op: "unpack" }>): Promise<BackupHeader> {
  const src = Deno.openSync(job.file, { read: true });
  let header: BackupHeader;
  try {
    const block = new Uint8Array(HEADER_BYTES);
    if (readFull(src, block) < HEADER_BYTES) throw badBackup("berkas terpotong.");
    header = decodeHeader(block);
    const size = src.statSync().size - HEADER_BYTES;
    if (size < header.size) throw badBackup("berkas terpotong (lebih pendek dari isinya).");
    if (size > header.size) throw badBackup("ukuran berkas tidak cocok dengan kepalanya.");
    const out = Deno.openSync(job.out, { write: true, createNew: true, mode: 0o600 });
    try {
      const { sha256, damaged = false } = header.compression === "gzip"
        ? await gunzipHashed(src, out, header.size)
        : { ...copyHashed(src, out, header.size), damaged: false };
      if (sha256 !== header.sha256) {
        throw badBackup("checksum tidak cocok (berkas rusak atau diubah).");
      }
      if (damaged) throw badBackup("isi terkompresi rusak.");
      out.syncSync();
    } finally {
      out.close();
    }
  } finally {
    src.close();
  }
  if (header.kind === "sqlite") {
    checkSqlite(job.out);
    adoptRows(job.out, job.into);
  }
  return header;
}

/** Refuses a payload that is not a whole SQLite file (what it holds is `adoptRows`' check). */
function checkSqlite(path: string) {
  let db: DatabaseSync | null = null;
  try {
    db = new DatabaseSync(path, { readOnly: true });
    const ok = db.prepare("PRAGMA quick_check").get() as Record<string, string>;
    if (Object.values(ok)[0] !== "ok") throw new Error("quick_check");
  } catch {
    throw badBackup("isi berkas bukan basis data Deno KV yang utuh.");
  } finally {
    db?.close();
  }
}

self.onmessage = async (e: MessageEvent<BackupJob>) => {
  try {
    const header = e.data.op === "pack" ? await pack(e.data) : await unpack(e.data);
    self.postMessage({ header });
  } catch (err) {
    const bad = err instanceof AppError && err.status === 422;
    self.postMessage({ status: bad ? 422 : 500, message: (err as Error).message });
  }
};
