import assert from "node:assert/strict";
import { call } from "../lib/eklaim/client.ts";
import { type EklaimSim, startEklaimSim } from "./eklaim_simulator.ts";

/** The key the simulator and the client share in these tests. */
export const KEY = "3a1f5c7e9b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f2a4c6e8b0d1f3a";
export const SEP = "0001R0016120507422";
export const NIK = "123123123123";
/** `new_claim`'s data (manual 04-katalog-method/01). */
export const PATIENT = {
  nomor_kartu: "0000668870001",
  nomor_sep: SEP,
  nomor_rm: "123-45-67",
  nama_pasien: "NAMA TEST PASIEN",
  tgl_lahir: "1940-01-01 02:00:00",
  gender: 2,
};
/** An answer as the tests read it. */
export type J = Record<string, any>;

/** Calls the simulator through the real client; `want` is the expected error number, if any. */
export const asker =
  (sim: EklaimSim) => async (method: string, meta: J, data: J, want?: string) => {
    const r = await call({ url: sim.url, keyHex: KEY, timeoutMs: 5000 }, method, meta, data);
    if (want) assert.equal(r.errorNo, want, `${method}: ${r.message}`);
    else assert.equal(r.ok, true, `${method}: ${r.message}`);
    return r.body as J;
  };

/** A simulator with a fixed clock (2023-02-01 03:04:05 UTC) for `fn`, closed after. */
export async function withSim(
  fn: (ask: ReturnType<typeof asker>, sim: EklaimSim) => Promise<void>,
) {
  const sim = startEklaimSim({ keyHex: KEY, now: () => new Date("2023-02-01T03:04:05Z") });
  try {
    await fn(asker(sim), sim);
  } finally {
    await sim.close();
  }
}

/** A claim with dates and class, and the iDRG coding given. */
export async function claimWith(ask: ReturnType<typeof asker>, diagnosa: string, procedure = "#") {
  await ask("new_claim", {}, PATIENT);
  await ask("set_claim_data", { nomor_sep: SEP }, {
    tgl_masuk: "2023-01-25 12:55:00",
    tgl_pulang: "2023-01-31 09:55:00",
    jenis_rawat: "1",
    kelas_rawat: "3",
    coder_nik: NIK,
  });
  await ask("idrg_diagnosa_set", { nomor_sep: SEP }, { diagnosa });
  await ask("idrg_procedure_set", { nomor_sep: SEP }, { procedure });
}
/** Grouper metadata. */
export const idrg = (stage: number) => ({ stage, grouper: "idrg" });
export const inacbg = (stage: number) => ({ stage, grouper: "inacbg" });
export const bySep = { nomor_sep: SEP };
