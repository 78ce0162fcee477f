import assert from "node:assert/strict";
import { fixture } from "./fixtures/mod.ts";
import type { setup } from "./helpers.ts";

export type T = Awaited<ReturnType<typeof setup>>;
export type Row = Record<string, unknown> & { _id: string };

/** Saves a new record of `res` through its API (asserting 200); the stored record. */
export async function save(t: T, res: string, fields: Record<string, string>): Promise<Row> {
  const r = await t.post(`/api/${res}/update`, { id: "", ...fields });
  assert.equal(r.status, 200, `${res}: ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** Every record of `res` (up to 1,000) as its API lists them. */
export const all = async (t: T, res: string): Promise<Row[]> =>
  (await t.json(`/api/${res}?length=1000`)).body.data;

/** Imports the official provinces, regencies and districts through the API (villages left out). */
export async function seedRegions(t: T): Promise<void> {
  const levels = [["province", "provinces"], ["regency", "regencies"], ["district", "districts"]];
  for (const [res, f] of levels) {
    const csv = await Deno.readFile(fixture(`wilayah/${f}.csv`));
    const r = await t.upload(`/api/${res}/import`, `${f}.csv`, csv);
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
}

/**
 * A cut of the bilingual WHO ICD-10 list (`icd10_who_en_id_fendis0709.csv`), spaced as the file
 * is.
 */
export const BILINGUAL_ICD10 = [
  "kode,nama_en,nama_id",
  "A01.0,Typhoid fever,Demam tifoid",
  "A09,Diarrhoea and gastroenteritis of presumed infectious origin," +
  "Diare dan gastroenteritis oleh penyebab penyakit menular",
  "A90,Dengue fever [classical dengue],Demam berdarah [ dengue klasik ]",
  'R50.9,"Fever, unspecified","Demam , tidak spesifik"',
  'K74.6,"Other and unspecified cirrhosis of liver","Lain dan tidak spesifik sirosis hati"',
];
