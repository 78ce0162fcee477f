import { join } from "node:path";
import { ulid } from "ulid";
import { type BackupDoc, backupFileName, docOf, safePath } from "./backup.ts";
import {
  type BackupHeader,
  badBackup,
  decodeHeader,
  encodeHeader,
  HEADER_BYTES,
} from "./format.ts";
import type { AuditLog } from "../audit/log.ts";
import { aloneRestoring, type Restored, restoreFrom } from "./restore.ts";
import type { Tracker } from "../progress/progress.ts";
import type { Store } from "../db/store.ts";
import { AppError, badRequest, storageError } from "../errors.ts";
import { formatBytes } from "../format.ts";

const tooLarge = (limit: number) =>
  new AppError(
    413,
    `Berkas cadangan terlalu besar (paling besar ${formatBytes(limit)}). Basis data tidak diubah.`,
  );

const noFile = () => badRequest("Pilih berkas cadangan (.kvbak) yang akan dipulihkan.");

async function writeAll(f: Deno.FsFile, b: Uint8Array) {
  for (let n = 0; n < b.length;) n += await f.write(b.subarray(n));
}

/** Streams an upload into a temp file in `dir`: 400 none, 413 too big, 422 not a backup. */
async function receive(
  body: ReadableStream<Uint8Array> | null,
  dir: string,
  o: { limit: number; declared: number | null; progress?: Tracker },
): Promise<{ tmp: string; header: BackupHeader }> {
  if (!body || o.declared === 0) throw noFile();
  if (o.declared !== null && o.declared > o.limit) throw tooLarge(o.limit);
  await Deno.mkdir(dir, { recursive: true, mode: 0o700 });
  const tmp = join(dir, `.tmp-${ulid()}.upload`); // removed at start like every `.tmp-` file
  // the file is made once the header is read: a file not a backup never touches the disk
  let f: Deno.FsFile | null = null;
  const early: Uint8Array[] = [];
  const head = new Uint8Array(HEADER_BYTES);
  let header: BackupHeader | null = null;
  let n = 0;
  const write = (c: Uint8Array) => writeAll(f!, c).catch((e) => Promise.reject(storageError(e)));
  o.progress?.phase("Mengunggah berkas", o.declared ?? 0, "byte");
  try {
    for await (const chunk of body) {
      if (n + chunk.length > o.limit) throw tooLarge(o.limit);
      if (n < HEADER_BYTES) head.set(chunk.subarray(0, HEADER_BYTES - n), n);
      n += chunk.length;
      if (!header && n >= HEADER_BYTES) {
        header = decodeHeader(head); // not a backup of this app: refused at once
        if (HEADER_BYTES + header.size > o.limit) throw tooLarge(o.limit);
        f = await Deno.open(tmp, { write: true, createNew: true, mode: 0o600 });
        for (const c of early.splice(0)) await write(c);
      }
      if (f) await write(chunk);
      else early.push(chunk);
      o.progress?.step(n);
    }
    if (!header || !f) throw n ? badBackup("berkas terpotong.") : noFile();
    if (n !== HEADER_BYTES + header.size) {
      throw badBackup("ukuran berkas tidak cocok dengan kepalanya (terpotong atau ditambah).");
    }
    await f.sync();
  } catch (e) {
    if (f) {
      f.close();
      await Deno.remove(tmp).catch(() => {});
    }
    throw e;
  }
  f.close();
  return { tmp, header };
}

/** The list entry of an upload, under an id of its own written into its header (manual). */
async function ownEntry(tmp: string, h: BackupHeader, fileName: string): Promise<BackupDoc> {
  const id = ulid();
  const source = fileName ? `berkas "${fileName.slice(0, 100)}"` : "berkas";
  const header: BackupHeader = {
    ...h,
    id,
    auto: "",
    desc: `Diunggah dari ${source} (cadangan asal ${h.id})` +
      (h.desc ? `: ${h.desc.slice(0, 200)}` : ""),
  };
  const f = await Deno.open(tmp, { write: true });
  try {
    await writeAll(f, encodeHeader(header));
    await f.sync();
  } finally {
    f.close();
  }
  const made = new Date(h.created);
  return docOf(header, backupFileName(Number.isNaN(made.getTime()) ? new Date() : made, id));
}

/** Restores an uploaded backup, then kept under its own id (`sourceId`: the file's). */
export function restoreUpload(
  store: Store,
  dir: string,
  body: ReadableStream<Uint8Array> | null,
  o: {
    limit: number;
    declared: number | null;
    log: AuditLog;
    fileName?: string;
    progress?: Tracker;
  },
): Promise<Restored & { received: number; sourceId: string }> {
  return aloneRestoring(store, async () => {
    const { tmp, header } = await receive(body, dir, o);
    try {
      const doc = await ownEntry(tmp, header, o.fileName ?? "");
      const keep = () => Deno.rename(tmp, safePath(dir, doc.path));
      const done = await restoreFrom(store, dir, { doc, file: tmp, keep }, o);
      return { ...done, received: HEADER_BYTES + header.size, sourceId: header.id };
    } finally {
      await Deno.remove(tmp).catch(() => {}); // refused, or kept under its name
    }
  });
}
