import {
  type CodeList,
  type CodeSystem,
  expand,
  groupIdrg,
  groupInacbg,
  importCoding,
  kelasOf,
  search,
} from "./eklaim_sim_grouper.ts";
import {
  coderRefused,
  E,
  ERR,
  type Json,
  OK,
  type SimClaim,
  type SimRules,
  stage,
  stamp,
  str,
} from "./eklaim_sim_answers.ts";
import { finalMethods, sendClaims } from "./eklaim_sim_send.ts";

export type { SimClaim, SimRules, SimStage } from "./eklaim_sim_answers.ts";

/** The claims of one simulator and the answer to each method. */
export class SimClaims {
  readonly claims = new Map<string, SimClaim>();
  #patients = new Map<string, number>();
  #admissions = 0;

  readonly #methods: Record<string, (c: SimClaim, d: Json) => Json>;

  constructor(readonly rules: SimRules) {
    this.#methods = { ...this.#coding(), ...finalMethods(this.claims, rules) };
  }

  /** The answer to one decrypted request. */
  answer(metadata: Json, data: Json): Json {
    const method = str(metadata.method);
    if (method === "new_claim") return this.#newClaim(data);
    if (method === "send_claim") return sendClaims(this.claims, this.rules, data);
    const found = /^search_(diagnosis|procedures)(_inagrouper)?$/.exec(method);
    if (found) {
      if (data.keyword == null) return E.params();
      const list: CodeList = found[1] === "diagnosis" ? "diagnosa" : "procedure";
      return OK({ response: search(list, found[2] ? "idrg" : "inacbg", str(data.keyword)) });
    }
    const bySep = method === "set_claim_data" || /_set$/.test(method);
    const sep = str(bySep ? metadata.nomor_sep : data.nomor_sep);
    if (!sep) return E.params();
    const c = this.claims.get(sep);
    if (!c) return E.notFound();
    const set = /^(idrg|inacbg)_(diagnosa|procedure)_set$/.exec(method);
    if (set) return this.#setCodes(c, set[1] as CodeSystem, set[2] as CodeList, data, method);
    if (method === "grouper") return this.#grouper(c, metadata, data);
    const handler = this.#methods[method];
    return handler ? handler(c, data) : ERR(null, `Method tidak dikenal: ${method}`);
  }

  #newClaim(d: Json): Json {
    const fields = ["nomor_kartu", "nomor_sep", "nomor_rm", "nama_pasien", "tgl_lahir", "gender"];
    if (fields.some((f) => str(d[f]) === "")) return E.params();
    const sep = str(d.nomor_sep);
    const old = this.claims.get(sep);
    if (old) {
      const duplicate = [{
        nama_pasien: old.patient.nama_pasien,
        nomor_rm: old.patient.nomor_rm,
        tgl_masuk: str(old.data.tgl_masuk),
      }];
      return ERR("E2007", "Duplikasi nomor SEP", { duplicate });
    }
    const rm = str(d.nomor_rm);
    if (!this.#patients.has(rm)) this.#patients.set(rm, 450 + this.#patients.size + 1);
    const admissions = [...this.claims.values()].filter((c) => c.patient.nomor_rm === rm).length;
    const ids = {
      patient_id: this.#patients.get(rm)!,
      admission_id: admissions + 1,
      hospital_admission_id: 670 + ++this.#admissions,
    };
    const patient = Object.fromEntries(
      fields.filter((f) => f !== "nomor_sep").map((f) => [f, d[f]]),
    );
    this.claims.set(sep, {
      sep,
      patient,
      ids,
      data: { nomor_sep: sep, nomor_kartu: d.nomor_kartu },
      idrg: stage(),
      inacbg: stage(),
      final: false,
      groupedAt: null,
      sent: { status: "0", at: null },
    });
    return OK({ response: ids });
  }

  #setClaimData(c: SimClaim, d: Json): Json {
    const refused = coderRefused(this.rules, d.coder_nik);
    if (refused) return refused;
    if (c.final) return E.final();
    const codes = ["diagnosa", "procedure", "diagnosa_inagrouper", "procedure_inagrouper"];
    const stray = codes.filter((k) => k in d);
    // As a public 5.10 client's test shows it (the manual only says set_claim_data has no codes).
    if (stray.length) return ERR("E2044", `Parameter tidak berlaku: ${stray.join(", ")}`);
    const next = str(d.nomor_sep || c.sep);
    if (next !== c.sep) {
      if (this.claims.has(next)) return ERR("E2007", "Duplikasi nomor SEP");
      this.claims.delete(c.sep);
      c.sep = next;
      this.claims.set(next, c);
    }
    c.data = { ...c.data, ...d, nomor_sep: c.sep };
    return OK();
  }

  #setCodes(c: SimClaim, system: CodeSystem, list: CodeList, d: Json, method: string): Json {
    if (c.final) return E.final();
    if (system === "inacbg" && !c.idrg.final) return E.idrgOpen();
    const s = c[system];
    if (s.final) return E.stageFinal(system);
    const input = str(d[list]);
    if (input === "") {
      return OK({ data: expand(s[list].join("#") || "#", list, system).answer }, method);
    }
    const e = expand(input, list, system);
    s[list] = e.kept;
    s.result = null;
    s.bad = false;
    return OK({ data: e.answer }, method);
  }

  #grouper(c: SimClaim, m: Json, d: Json): Json {
    const level = str(m.stage), system = str(m.grouper);
    if (!["1", "2"].includes(level) || !["idrg", "inacbg"].includes(system)) return E.params();
    if (c.final) return E.final();
    if (system === "inacbg" && !c.idrg.final) return E.idrgOpen();
    const s = c[system as CodeSystem];
    if (s.final) return E.stageFinal(system as CodeSystem);
    if (level === "2" && !s.result) return E.notGrouped();
    if (level === "2" && system === "idrg" && s.bad) return E.ungroupable();
    const chosen = level === "1" ? null : str(d[system === "idrg" ? "topup_codes" : "special_cmg"])
      .split("#").filter(Boolean);
    if (system === "idrg") {
      const g = groupIdrg(s, this.rules.ungroupableDx, chosen);
      s.result = g.response_idrg;
      s.bad = g.ungroupable;
      return OK({ response_idrg: g.response_idrg });
    }
    const kelas = kelasOf(c.data.kelas_rawat);
    const { error, ...answer } = groupInacbg(s, kelas, this.rules.xGroupDx, chosen);
    s.result = answer;
    s.bad = error;
    c.groupedAt = stamp(this.rules.now());
    return OK(answer);
  }

  /** The methods of the coding stages: finals, re-edits and the import. */
  #coding(): Record<string, (c: SimClaim, d: Json) => Json> {
    return {
      set_claim_data: (c, d) => this.#setClaimData(c, d),
      idrg_grouper_final: (c) => {
        if (c.final) return E.final();
        if (c.idrg.final) return E.stageFinal("idrg");
        if (!c.idrg.result) return E.notGrouped();
        if (c.idrg.bad) return E.ungroupable();
        c.idrg.final = true;
        return OK();
      },
      idrg_grouper_reedit: (c) => {
        if (c.final) return E.final();
        if (c.inacbg.final) return E.stageFinal("inacbg");
        if (!c.idrg.final) return E.idrgOpen();
        c.idrg.final = false;
        c.inacbg = stage();
        return OK();
      },
      idrg_to_inacbg_import: (c) => {
        if (c.final) return E.final();
        if (!c.idrg.final) return E.idrgOpen();
        if (c.inacbg.final) return E.stageFinal("inacbg");
        const imported = importCoding(c.idrg);
        c.inacbg = { ...stage(), ...imported.kept };
        return OK({ data: imported.data }, "idrg_to_inacbg_import");
      },
      inacbg_grouper_final: (c) => {
        if (c.final) return E.final();
        if (c.inacbg.final) return E.stageFinal("inacbg");
        if (!c.inacbg.result) return E.notGrouped();
        if (c.inacbg.bad) return E.invalid();
        c.inacbg.final = true;
        return OK();
      },
      inacbg_grouper_reedit: (c) => {
        if (c.final) return E.final();
        if (!c.inacbg.final) return E.inacbgOpen();
        c.inacbg.final = false;
        return OK();
      },
    };
  }
}
