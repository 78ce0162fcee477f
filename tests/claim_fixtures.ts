import type { ClaimContext, ClaimStay } from "../lib/claim/readiness.ts";
import type { PreviousStay } from "../lib/claim/rules/types.ts";

/**
 * A discharged stay that passes every readiness rule: pneumonia (J18.9) with oxygen (93.96)
 * recorded in its examinations, package J-4-16-I at the room's class, 3 days (02-03-2026 to
 * 05-03-2026 WIB). Each test changes one thing.
 */
export function readyStay(more: Partial<ClaimStay> = {}): ClaimStay {
  return {
    _id: "S1",
    pasien: { _id: "P1" },
    visitDate: "2026-03-02T01:00:00.000Z",
    status: "pulang",
    tanggal_pulang: "2026-03-05T03:00:00.000Z",
    dpjp: { _id: "D1", fullname: "dr. Budi" },
    room: { _id: "R1", name: "Melati" },
    summary10: ["J18.9"],
    summary9: ["93.96"],
    codes10: ["J18.9"],
    codes9: ["93.96"],
    inacbg: "J-4-16-I",
    inacbgKelas: "second",
    ...more,
  };
}

/**
 * A context: median 3 days for J-4-16-I, no previous stay, room R1 of class 2, one
 * disputed-claim keyword (kejang, R56.8).
 */
export function context(more: Partial<ClaimContext> = {}): ClaimContext {
  return {
    medianLos: (code) => code === "J-4-16-I" ? 3 : null,
    previousStay: () => null,
    roomClass: (id) => id === "R1" ? "second" : "",
    keywords: [{ keyword: "kejang", kode_icd: "R56.8", rekomendasi: "Lampirkan hasil EEG" }],
    ...more,
  };
}

/** A previous stay discharged at `at` with package `inacbg`. */
export const previous = (at: string, inacbg: string): PreviousStay => ({
  _id: "S0",
  tanggal_pulang: at,
  inacbg,
});
