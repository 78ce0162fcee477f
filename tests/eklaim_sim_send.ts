import { Buffer } from "node:buffer";
import {
  coderRefused,
  E,
  type Json,
  OK,
  type SimClaim,
  type SimRules,
  stamp,
  str,
} from "./eklaim_sim_answers.ts";
import { simPdf } from "./eklaim_sim_pdf.ts";

/** What `get_claim_data` answers (manual 04-katalog-method/24, the fields the simulator has). */
function claimData(c: SimClaim): Json {
  const inacbg = c.inacbg.result?.response_inacbg as Json | undefined;
  return {
    ...c.data,
    diagnosa: c.inacbg.diagnosa.join("#"),
    procedure: c.inacbg.procedure.join("#"),
    diagnosa_inagrouper: c.idrg.diagnosa.join("#"),
    procedure_inagrouper: c.idrg.procedure.join("#"),
    cbg_code: str((inacbg?.cbg as Json | undefined)?.code),
    cbg_tariff: str(inacbg?.tariff),
    special_cmg: inacbg?.special_cmg ?? [],
    tgl_lahir: c.patient.tgl_lahir,
    gender: str(c.patient.gender),
    ...c.ids,
  };
}

/** The methods after coding: final, re-edit, send, status, data, print, delete. */
export function finalMethods(
  claims: Map<string, SimClaim>,
  rules: SimRules,
): Record<string, (c: SimClaim, d: Json) => Json> {
  return {
    claim_final: (c, d) => {
      const refused = coderRefused(rules, d.coder_nik);
      if (refused) return refused;
      if (c.final) return E.final();
      if (!c.idrg.final) return E.idrgOpen();
      if (!c.inacbg.final) return E.inacbgOpen();
      c.final = true;
      c.data.coder_nik = d.coder_nik;
      return OK();
    },
    reedit_claim: (c) => {
      if (!c.final) return E.notFinal();
      c.final = false;
      c.sent = { status: "0", at: null };
      return OK();
    },
    send_claim_individual: (c) => {
      if (!c.final) return E.notFinal();
      if (rules.send === "2029") {
        return { metadata: { code: 2029, message: "Error : Koneksi gagal" } };
      }
      c.sent = { status: "1", at: stamp(rules.now()) };
      return OK();
    },
    get_claim_status: (c) =>
      OK({ response: { status_kirim: c.sent.status, tgl_kirim: c.sent.at } }),
    get_claim_data: (c) => OK({ response: claimData(c) }),
    claim_print: (c) => {
      if (!c.final) return E.notFinal();
      const cbg = (c.inacbg.result?.response_inacbg as Json | undefined)?.cbg as Json | undefined;
      const pdf = simPdf([
        "LEMBAR BERKAS KLAIM (simulator E-Klaim)",
        `Nomor SEP: ${c.sep}`,
        `Nama pasien: ${str(c.patient.nama_pasien)}`,
        `INA-CBG: ${str(cbg?.code)} ${str(cbg?.description)}`,
      ]);
      return OK({ data: Buffer.from(pdf).toString("base64") });
    },
    delete_claim: (c, d) => {
      if (str(d.coder_nik) === "") return E.params();
      if (c.final) return E.final();
      claims.delete(c.sep);
      return OK();
    },
  };
}

/**
 * `send_claim` (manual 04-katalog-method/22): the final claims discharged (`date_type` 1) or
 * grouped (2) between `start_dt` and `stop_dt`, of `jenis_rawat` 1, 2 or 3 (both); sent at once
 * unless `send` is "2029" (then they stay unsent).
 */
export function sendClaims(claims: Map<string, SimClaim>, rules: SimRules, d: Json): Json {
  const from = str(d.start_dt), to = str(d.stop_dt);
  if (!from || !to) return E.params();
  const kind = str(d.jenis_rawat || "3"), byGrouping = str(d.date_type) === "2";
  const picked = [...claims.values()].filter((c) => {
    const day = (byGrouping ? str(c.groupedAt) : str(c.data.tgl_pulang)).slice(0, 10);
    return c.final && day >= from && day <= to &&
      (kind === "3" || str(c.data.jenis_rawat) === kind);
  });
  if (rules.send === "ok") {
    for (const c of picked) c.sent = { status: "1", at: stamp(rules.now()) };
  }
  const data = picked.map((c) => ({ nomor_sep: c.sep, tgl_pulang: str(c.data.tgl_pulang) }));
  return OK({ response: { data, count: data.length } });
}
