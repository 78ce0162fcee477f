/// <reference lib="deno.worker" />
/**
 * Worker thread of the backup jobs: SQLite `VACUUM INTO`, hashing and copying run here so the
 * main thread keeps answering requests. Pack: payload → temp file (header placeholder, payload,
 * then the real header) → fsync → rename. Unpack: header and size checked, payload copied out
 * while hashed, checksum compared, a SQLite payload checked with `quick_check`.
 */
import { createHash } from "node:crypto";
import { dirname, join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import {
  type BackupHeader,
  type BackupJob,
  badBackup,
  decodeHeader,
  encodeHeader,
  HEADER_BYTES,
} from "./format.ts";
import { AppError } from "../errors.ts";

const CHUNK = 1 << 20;

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

/** Copies `from` (from its current offset, `size` bytes or to its end) to `to`, hashing. */
function copyHashed(from: Deno.FsFile, to: Deno.FsFile, size = Infinity) {
  const hash = createHash("sha256");
  const buf = new Uint8Array(CHUNK);
  let total = 0;
  while (total < size) {
    const n = readFull(from, buf.subarray(0, Math.min(CHUNK, size - total)));
    if (n === 0) break;
    hash.update(buf.subarray(0, n));
    writeAll(to, buf.subarray(0, n));
    total += n;
  }
  return { total, sha256: hash.digest("hex") };
}

function syncDir(dir: string) {
  if (Deno.build.os === "windows") return; // Windows refuses to open a folder for fsync (os error 5)
  const d = Deno.openSync(dir, { read: true });
  try {
    d.syncSync();
  } finally {
    d.close();
  }
}

function pack(job: Extract<BackupJob, { op: "pack" }>): BackupHeader {
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
    const out = Deno.openSync(tmp, { write: true, createNew: true });
    let header: BackupHeader;
    try {
      writeAll(out, new Uint8Array(HEADER_BYTES).fill(0x20));
      const { total, sha256 } = copyHashed(src, out);
      header = { ...job.header, size: total, sha256 };
      out.seekSync(0, Deno.SeekMode.Start);
      writeAll(out, encodeHeader(header));
      out.syncSync();
    } finally {
      src.close();
      out.close();
    }
    Deno.renameSync(tmp, job.out);
    syncDir(dir);
    return header;
  } finally {
    for (const f of [tmp, payload]) {
      try {
        Deno.removeSync(f);
      } catch { /* gone or renamed */ }
    }
  }
}

function unpack(job: Extract<BackupJob, { op: "unpack" }>): BackupHeader {
  const src = Deno.openSync(job.file, { read: true });
  let header: BackupHeader;
  try {
    const block = new Uint8Array(HEADER_BYTES);
    if (readFull(src, block) < HEADER_BYTES) throw badBackup("berkas terpotong.");
    header = decodeHeader(block);
    const size = src.statSync().size - HEADER_BYTES;
    if (size < header.size) throw badBackup("berkas terpotong (lebih pendek dari isinya).");
    if (size > header.size) throw badBackup("ukuran berkas tidak cocok dengan kepalanya.");
    const out = Deno.openSync(job.out, { write: true, createNew: true });
    try {
      const { sha256 } = copyHashed(src, out, header.size);
      if (sha256 !== header.sha256) {
        throw badBackup("checksum tidak cocok (berkas rusak atau diubah).");
      }
      out.syncSync();
    } finally {
      out.close();
    }
  } finally {
    src.close();
  }
  if (header.kind === "sqlite") checkSqlite(job.out);
  return header;
}

function checkSqlite(path: string) {
  let db: DatabaseSync | null = null;
  try {
    db = new DatabaseSync(path, { readOnly: true });
    const ok = db.prepare("PRAGMA quick_check").get() as Record<string, string>;
    const kv = db.prepare("SELECT name FROM sqlite_master WHERE name = 'kv'").get();
    if (Object.values(ok)[0] !== "ok" || !kv) throw new Error("no kv");
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw badBackup("isi berkas bukan basis data Deno KV yang utuh.");
  } finally {
    db?.close();
  }
}

self.onmessage = (e: MessageEvent<BackupJob>) => {
  try {
    const header = e.data.op === "pack" ? pack(e.data) : unpack(e.data);
    self.postMessage({ header });
  } catch (err) {
    const bad = err instanceof AppError && err.status === 422;
    self.postMessage({ status: bad ? 422 : 500, message: (err as Error).message });
  }
};
