import type { Point, Signer } from "./sign.ts";

/** The signed head's key (the chain's keys: lib/audit/README.md). */
export const HEAD: Deno.KvKey = ["audit_head"];
/** `[CP, count]`: a signed checkpoint every `every` entries. */
export const CP = "audit_cp";
/** Characters of an entry's JSON per KV value (≤ 40 KB serialized, under KV's 64 KiB). */
export const PART = 20_000;

/** A stored entry: its JSON (hashed), the previous entry's hash and its own. */
export interface Stored {
  prev: string;
  hash: string;
  /** The entry's JSON, or its first part when `parts` > 1. */
  data: string;
  parts?: number;
}

/** A signed checkpoint. */
export interface Checkpoint extends Point {
  sig?: string;
}

/** The head: a signed point, and the hospital day it was written (for the daily anchor). */
export interface Head extends Checkpoint {
  day?: string;
}

/** What the chain's readers share: the store, the signer, the checkpoint interval. */
export interface Chain {
  kv: Deno.Kv;
  signer: Signer;
  every: number;
}

/** An entry's whole JSON (its parts joined). */
export async function readData(kv: Deno.Kv, key: Deno.KvKey, v: Stored): Promise<string> {
  if (!v.parts) return v.data;
  let data = v.data;
  for (let p = 1; p < v.parts; p += 10) {
    const keys = [];
    for (let n = p; n < Math.min(v.parts, p + 10); n++) keys.push(["audit_part", key[1], n]);
    for (const g of await kv.getMany<string[]>(keys)) data += g.value ?? "";
  }
  return data;
}
