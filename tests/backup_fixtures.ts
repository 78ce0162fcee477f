/** What the backup tests read and write: the provinces (the data a restore brings back), files. */
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
