import { Buffer } from "node:buffer";
import { createHash, createHmac, randomBytes } from "node:crypto";

/** The chain hash (SHA-256, hex) of an entry's JSON after the previous entry's hash. */
export const chainHash = (prev: string, data: string): string =>
  createHash("sha256").update(`${prev}\n${data}`).digest("hex");

/** A signed point of the chain: `count` entries, the last one `id` with hash `hash`. */
export interface Point {
  count: number;
  id: string;
  hash: string;
}

/** Signs and checks chain points with a secret key kept outside the audit file. */
export interface Signer {
  sign(p: Point): string;
  check(p: Point & { sig?: string }): boolean;
}

function signerOf(key: Uint8Array): Signer {
  const sign = (p: Point) =>
    createHmac("sha256", key).update(`${p.count}\n${p.id}\n${p.hash}`).digest("hex");
  return { sign, check: (p) => typeof p.sig === "string" && p.sig === sign(p) };
}

/** The signer whose key is in `keyPath` (made 0600 on first use; null: this process only). */
export async function openSigner(keyPath: string | null): Promise<Signer> {
  if (!keyPath) return signerOf(randomBytes(32));
  try {
    const hex = (await Deno.readTextFile(keyPath)).trim();
    if (/^[0-9a-f]{64}$/.test(hex)) return signerOf(Uint8Array.from(Buffer.from(hex, "hex")));
    throw new Error(`Kunci jejak audit ${keyPath} rusak.`);
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  const key = randomBytes(32);
  await Deno.writeTextFile(keyPath, Buffer.from(key).toString("hex") + "\n", {
    mode: 0o600,
    createNew: true,
  });
  if (Deno.build.os !== "windows") await Deno.chmod(keyPath, 0o600);
  return signerOf(key);
}
