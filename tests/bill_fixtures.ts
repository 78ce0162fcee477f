/** Helpers of the bill's tests (the hospital tariff by E-Klaim's 18 categories, through the API). */
import assert from "node:assert/strict";
import type { setup } from "./helpers.ts";
import { postJson } from "./ipd_fixtures.ts";

type T = Awaited<ReturnType<typeof setup>>;

/** E-Klaim's 18 keys, written out here (not read from lib/ipd/bill.ts). */
export const KEYS = [
  "prosedur_non_bedah",
  "prosedur_bedah",
  "konsultasi",
  "tenaga_ahli",
  "keperawatan",
  "penunjang",
  "radiologi",
  "laboratorium",
  "pelayanan_darah",
  "rehabilitasi",
  "kamar",
  "rawat_intensif",
  "obat",
  "obat_kronis",
  "obat_kemoterapi",
  "alkes",
  "bmhp",
  "sewa_alat",
];

/** All 18 categories: `some`'s amounts, 0 elsewhere. */
export const full = (some: Record<string, number>) =>
  Object.fromEntries(KEYS.map((k) => [k, some[k] ?? 0]));

const sum = (b: Record<string, number>) => Object.values(b).reduce((n, v) => n + v, 0);

/** The stay as `GET /api/ipd/{id}` answers it, its breakdown checked to sum to its total. */
export async function stay(t: T, id: string) {
  const r = await t.json(`/api/ipd/${id}`);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const v = r.body.data;
  assert.deepEqual(Object.keys(v.tarif_rs_rincian), KEYS);
  assert.equal(sum(v.tarif_rs_rincian), v.tarifRsTotal, "the breakdown sums to the total");
  return v;
}

/** Saves an examination (JSON), asserting 200; the examination as answered. */
export async function save(t: T, body: Record<string, unknown>) {
  const r = await postJson(t, "/api/ipd/visitexamination/update", body);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.data.examination;
}
