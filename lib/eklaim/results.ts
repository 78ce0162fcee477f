import type {
  CodeVerdict,
  Coding,
  IdrgResult,
  InacbgResult,
  SpecialCmgOption,
  TopupOption,
} from "./state.ts";

/** E-Klaim's answers read into the app's shapes: text as E-Klaim writes it, tariffs in rupiah. */

type J = Record<string, unknown>;
const obj = (v: unknown): J => (v && typeof v === "object" && !Array.isArray(v) ? v as J : {});
const list = (v: unknown): J[] => (Array.isArray(v) ? v.map(obj) : []);
const str = (v: unknown) => (v == null ? "" : String(v));
const rupiah = (v: unknown): number | null => {
  const n = Number(v);
  return v === undefined || v === null || v === "" || !Number.isFinite(n) ? null : Math.round(n);
};

/** A `*_set` or import list (`{string, expanded[]}`) as verdicts per code. */
export function verdictsOf(answer: unknown): CodeVerdict[] {
  return list(obj(answer).expanded).map((e) => {
    const meta = obj(e.metadata);
    const valid = str(e.validcode) === "1";
    return {
      code: str(e.code),
      display: str(e.display),
      valid,
      reason: valid ? null : str(meta.message) || "Kode ditolak E-Klaim",
      errorNo: meta.error_no ? str(meta.error_no) : null,
      ...(e.multiplicity !== undefined ? { multiplicity: Number(e.multiplicity) } : {}),
    };
  });
}

/** The import's answer (`data.diagnosa`, `data.procedure`) as a coding. */
export const importedOf = (body: J | null): Coding => ({
  diagnosa: verdictsOf(obj(obj(body?.data).diagnosa)),
  procedure: verdictsOf(obj(obj(body?.data).procedure)),
});

const option = (o: J): SpecialCmgOption => ({
  code: str(o.code),
  description: str(o.description),
  type: str(o.type),
});
const topup = (t: J): TopupOption => ({ ...option(t), cost_weight: str(t.cost_weight) });

/** `response_idrg` of a grouper answer. */
export function idrgOf(body: J | null): IdrgResult {
  const r = obj(body?.response_idrg);
  return {
    mdc_number: str(r.mdc_number),
    mdc_description: str(r.mdc_description),
    drg_code: str(r.drg_code),
    drg_description: str(r.drg_description),
    cost_weight: str(r.cost_weight),
    total_cost_weight: str(r.total_cost_weight),
    total_tarif: rupiah(r.total_tarif),
    topup_options: list(r.topup_options).map(topup),
    topup: list(r.topup).map(topup),
    ungroupable: str(r.mdc_number) === "36",
  };
}

/** `response_inacbg` and `special_cmg_option` of a grouper answer. */
export function inacbgOf(body: J | null): InacbgResult {
  const r = obj(body?.response_inacbg);
  const cbg = obj(r.cbg);
  const code = str(cbg.code);
  return {
    cbg: { code, description: str(cbg.description) },
    base_tariff: rupiah(r.base_tariff),
    tariff: rupiah(r.tariff),
    kelas: str(r.kelas),
    inacbg_version: str(r.inacbg_version),
    special_cmg_options: list(body?.special_cmg_option).map(option),
    special_cmg: list(r.special_cmg).map((s) => ({ ...option(s), tariff: rupiah(s.tariff) ?? 0 })),
    error: /^X/i.test(code) || !code,
  };
}

/** The codes of a list E-Klaim dropped, in words: 'S73.0 (Kode tidak valid untuk iDRG)'. */
export const droppedText = (codes: CodeVerdict[]): string =>
  codes.map((c) => `${c.code} (${[c.errorNo, c.reason].filter(Boolean).join(" ")})`).join(", ");
