import assert from "node:assert/strict";
import { join } from "node:path";
import { SHARED_DATA } from "../bench/shared_data.ts";
import type { setup } from "./helpers.ts";

/** The shared public data folder (`SHARED_DATA`, else `../shared/data`; see bench/shared_data.ts). */
export function sharedData(): string {
  return SHARED_DATA;
}

/** Imports the official provinces, regencies and districts through the API (villages left out). */
export async function seedRegions(t: Awaited<ReturnType<typeof setup>>): Promise<void> {
  const wilayah = join(SHARED_DATA, "wilayah");
  for (
    const [res, f] of [["province", "provinces"], ["regency", "regencies"], [
      "district",
      "districts",
    ]]
  ) {
    const r = await t.upload(
      `/api/${res}/import`,
      `${f}.csv`,
      await Deno.readFile(join(wilayah, `${f}.csv`)),
    );
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
}
