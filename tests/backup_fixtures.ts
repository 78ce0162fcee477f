/** What the backup tests read and write: the provinces (the data a restore brings back), files. */
import { createHash } from "node:crypto";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import {
  type BackupHeader,
  decodeHeader,
  encodeHeader,
  HEADER_BYTES,
} from "../lib/backup/format.ts";
import { newId } from "../lib/db/ids.ts";
import { dtQuery, type setup } from "./helpers.ts";

type T = Awaited<ReturnType<typeof setup>>;

/** The provinces as 'kode desc' lines. */
export const provinces = async (t: T): Promise<string[]> =>
  (await t.json(`/api/province?${dtQuery(["kode", "desc"], { length: 100 })}`)).body.data
    .map((r: { kode: string; desc: string }) => `${r.kode} ${r.desc}`);

/** Adds a province through the API. */
export const addProvince = (t: T, kode: string, desc: string) =>
  t.post("/api/province/update", { kode, desc });

/** The names in folder `dir`, sorted. */
export const files = async (dir: string): Promise<string[]> => {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) out.push(e.name);
  return out.sort();
};

/** `bytes` through a (de)compression stream. */
const pipe = async (bytes: Uint8Array, through: TransformStream<Uint8Array, Uint8Array>) =>
  new Uint8Array(
    await new Response(new Blob([bytes as BlobPart]).stream().pipeThrough(through))
      .arrayBuffer(),
  );
/** Gzipped and gunzipped bytes, as backup payloads are stored. */
export const gzip = (b: Uint8Array) =>
  pipe(b, new CompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>);
export const gunzip = (b: Uint8Array) =>
  pipe(b, new DecompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>);

/** A backup file of `payload` (already gzipped) under `header`'s entry, checksummed. */
export function backupFile(header: BackupHeader, payload: Uint8Array): Uint8Array {
  const sha256 = createHash("sha256").update(payload).digest("hex");
  const head = encodeHeader({ ...header, size: payload.length, sha256 });
  return new Uint8Array([...head, ...payload]);
}

/** The backup `file` with `sql` run on its SQLite copy, under a new id, checksummed again. */
export async function tampered(file: Uint8Array, sql: string, dir: string): Promise<Uint8Array> {
  const header = decodeHeader(file.subarray(0, HEADER_BYTES));
  const path = join(dir, `${newId()}.sqlite`);
  await Deno.writeFile(path, await gunzip(file.subarray(HEADER_BYTES)));
  const db = new DatabaseSync(path);
  db.exec(sql);
  db.close();
  const raw = await Deno.readFile(path);
  await Deno.remove(path);
  return backupFile({ ...header, id: newId(), name: "Kiriman" }, await gzip(raw));
}
