import { join } from "node:path";
import { AppError, badRequest, conflict, notFound } from "../errors.ts";
import { readSetting, writeSetting } from "./settings.ts";
import type { Store } from "../db/store.ts";
import { privateDir } from "../db/reserve.ts";

/** General settings, stored under `["setting", "general"]`. */
export interface GeneralSetting {
  /** File name of the login page background under `$DATA_DIR/uploads` (null: none). */
  backgroundImage: string | null;
}

/** The largest background image accepted, in bytes. */
export const BACKGROUND_MAX_BYTES = 1_000_000;
/** Where the current background is served (public: the login page shows it). */
export const BACKGROUND_URL = "/setting/background";

export const NO_FILE_MESSAGE = "Harap pilih satu berkas gambar terlebih dahulu.";
const TOO_BIG = `Ukuran gambar paling besar ${BACKGROUND_MAX_BYTES.toLocaleString("id-ID")} byte.`;
const NOT_IMAGE = "Berkas bukan gambar PNG, JPEG atau WebP (isi berkas diperiksa, bukan namanya).";

const TYPES: Record<string, string> = { png: "image/png", jpg: "image/jpeg", webp: "image/webp" };
const NAME = /^bg-[0-9a-f-]{36}\.(png|jpg|webp)$/;

/** The image format of `bytes` from its signature (PNG, JPEG or WebP), or null. */
export function sniffImage(b: Uint8Array): "png" | "jpg" | "webp" | null {
  const at = (o: number, sig: number[]) => sig.every((x, i) => b[o + i] === x);
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (at(0, [0xff, 0xd8, 0xff])) return "jpg";
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return "webp";
  return null;
}

/** The uploads folder of a data folder (kept 0700, see `privateDir`). */
export const uploadsDir = (dataDir: string) => join(dataDir, "uploads");
const removeFile = (path: string) => Deno.remove(path).catch(() => {});

/** The current background's file name, or null (with `dataDir`: also when its file is gone). */
export async function backgroundId(store: Store, dataDir?: string): Promise<string | null> {
  const name = (await readSetting<GeneralSetting>(store, "general")).value?.backgroundImage;
  if (!name || !NAME.test(name)) return null;
  if (dataDir === undefined) return name;
  return await Deno.stat(join(uploadsDir(dataDir), name)).then(() => name, () => null);
}

/** Stores an uploaded background and makes it current (400 empty, 413 big, 415 not an image). */
export async function saveBackground(store: Store, dataDir: string, file: File): Promise<string> {
  if (file.size === 0) throw badRequest(NO_FILE_MESSAGE);
  if (file.size > BACKGROUND_MAX_BYTES) throw new AppError(413, TOO_BIG);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const ext = sniffImage(bytes);
  if (!ext) throw new AppError(415, NOT_IMAGE);
  const name = `bg-${crypto.randomUUID()}.${ext}`;
  await privateDir(uploadsDir(dataDir));
  const cur = await readSetting<GeneralSetting>(store, "general");
  await Deno.writeFile(join(uploadsDir(dataDir), name), bytes, { mode: 0o600 });
  try {
    await writeSetting(store, "general", cur, { ...cur.value, backgroundImage: name });
  } catch (e) {
    await removeFile(join(uploadsDir(dataDir), name));
    throw e;
  }
  const old = cur.value?.backgroundImage;
  if (old && NAME.test(old)) await removeFile(join(uploadsDir(dataDir), old));
  return name;
}

/** Removes the current background and its file (404: none; 409: not `filename` any more). */
export async function deleteBackground(store: Store, dataDir: string, filename?: string) {
  const cur = await readSetting<GeneralSetting>(store, "general");
  const name = cur.value?.backgroundImage;
  if (!name) throw notFound("Belum ada gambar latar.");
  if (filename && filename !== name) {
    throw conflict("Gambar latar sudah diganti; muat ulang halaman.");
  }
  await writeSetting(store, "general", cur, { ...cur.value, backgroundImage: null });
  if (NAME.test(name)) await removeFile(join(uploadsDir(dataDir), name));
}

/** The current background's bytes and content type, or null when there is none. */
export async function readBackground(store: Store, dataDir: string) {
  const name = await backgroundId(store);
  if (!name) return null;
  const body = await Deno.readFile(join(uploadsDir(dataDir), name)).catch(() => null);
  return body && { name, body, type: TYPES[name.split(".").pop()!] };
}
