import {
  SIM_CBG,
  SIM_CBG_ERROR,
  SIM_DIAGNOSES,
  SIM_IDRG,
  SIM_IDRG_UNGROUPABLE,
  SIM_NBR,
  SIM_PROCEDURES,
  SIM_VERSIONS,
  type SimCode,
} from "./eklaim_sim_table.ts";

/** Which code set a list is checked against. */
export type CodeSystem = "idrg" | "inacbg";
/** Which list of a claim. */
export type CodeList = "diagnosa" | "procedure";

const table = (list: CodeList) => list === "diagnosa" ? SIM_DIAGNOSES : SIM_PROCEDURES;
const find = (list: CodeList, code: string) => table(list).find((c) => c.code === code);
const ok = { code: "200", message: "Ok" };

function verdict(c: SimCode | undefined, system: CodeSystem): Record<string, string> {
  if (!c) return { code: "400", message: "Kode tidak ditemukan" };
  if (system === "idrg") {
    return c.idrg === "1" ? ok : { code: "400", message: "Kode tidak valid untuk iDRG" };
  }
  if (c.inacbg) return ok;
  return { code: "400", error_no: "E2101", message: "IM tidak berlaku" };
}

/** What a `*_set` answer holds, and the codes kept (`+n` included). */
export interface Expanded {
  kept: string[];
  answer: { string: string; expanded: Record<string, unknown>[] };
}

/**
 * Checks a `#`-joined list as E-Klaim's `*_set` methods do (manual 04-katalog-method/05, 07, 14,
 * 15): codes the set does not know or allow come back `validcode` "0" and are not kept. `"#"`
 * clears (nothing kept); the caller treats `""` as "no change" before calling this.
 */
export function expand(input: string, list: CodeList, system: CodeSystem): Expanded {
  const tokens = input === "#" ? [] : input.split("#").map((s) => s.trim()).filter(Boolean);
  const kept: string[] = [];
  const expanded = tokens.map((token, i) => {
    const [code, times] = token.split("+");
    const c = find(list, code);
    const metadata = verdict(c, system);
    if (metadata.code === "200") kept.push(token);
    return {
      code,
      display: c?.display ?? "",
      ...(list === "procedure" && system === "idrg" ? { multiplicity: Number(times ?? 1) } : {}),
      no: String(i + 1),
      validcode: metadata.code === "200" ? "1" : "0",
      metadata,
    };
  });
  return { kept, answer: { string: kept.join("#"), expanded } };
}

/**
 * `idrg_to_inacbg_import` (manual 04-katalog-method/13): each iDRG code, without its `+n`, checked
 * against ICD-10 2010 / ICD-9-CM; IM codes come back `validcode` "0" with E2101 and only the valid
 * ones are kept as the INA-CBG coding. `string` lists every code, as in the manual.
 */
export function importCoding(idrg: Record<CodeList, string[]>) {
  const one = (list: CodeList) => {
    const codes = idrg[list].map((t) => t.split("+")[0]);
    const e = expand(codes.join("#") || "#", list, "inacbg");
    return { kept: e.kept, answer: { string: codes.join("#"), expanded: e.answer.expanded } };
  };
  const diagnosa = one("diagnosa"), procedure = one("procedure");
  return {
    kept: { diagnosa: diagnosa.kept, procedure: procedure.kept },
    data: { diagnosa: diagnosa.answer, procedure: procedure.answer },
  };
}

const UNITS = 1e8;
const units = (w: string) => Math.round(Number(w) * UNITS);
function weight(u: number): string {
  const [whole, frac] = (u / UNITS).toFixed(8).replace(/0+$/, "").split(".");
  return `${whole}.${frac.padEnd(2, "0")}`;
}
const codesOf = (list: string[]) => list.map((t) => t.split("+")[0]);

/**
 * iDRG grouping (manual 04-katalog-method/09, 10): `response_idrg` for the primary diagnosis;
 * `topup` null at stage 1, else the `topup_codes` chosen at stage 2 (`[]` for `#`).
 */
export function groupIdrg(
  coding: Record<CodeList, string[]>,
  ungroupable: string[],
  topup: string[] | null,
) {
  const primary = codesOf(coding.diagnosa)[0];
  const procs = codesOf(coding.procedure);
  const row = primary && !ungroupable.includes(primary)
    ? SIM_IDRG.find((r) => r.dx === primary && (!r.proc || procs.includes(r.proc)))
    : undefined;
  if (!row) return { ungroupable: true, response_idrg: { ...SIM_IDRG_UNGROUPABLE } };
  const { dx: _dx, proc: _proc, topup_options, ...group } = row;
  const chosen = topup === null
    ? null
    : (topup_options ?? []).filter((t) => topup.includes(t.code));
  const total = units(row.cost_weight) +
    (chosen ?? []).reduce((s, t) => s + units(t.cost_weight), 0);
  return {
    ungroupable: false,
    response_idrg: {
      ...group,
      script_version: SIM_VERSIONS.script,
      logic_version: SIM_VERSIONS.logic,
      sub_acute_weight: "0.00",
      chronic_weight: "0.00",
      nbr: SIM_NBR,
      ...(chosen ? { topup: chosen } : {}),
      total_cost_weight: weight(total),
      total_tarif: String(Math.round(Number(SIM_NBR) * total / UNITS)),
      ...(topup_options ? { topup_options } : {}),
      status_cd: "normal",
    },
  };
}

/** `kelas_rawat` ("1", "2", "3") as the grouper names it; class 3 when unset. */
export const kelasOf = (kelasRawat: unknown) =>
  (["1", "2", "3"].includes(String(kelasRawat)) ? `kelas_${kelasRawat}` : "kelas_3") as
    | "kelas_1"
    | "kelas_2"
    | "kelas_3";

/**
 * INA-CBG grouping (manual 04-katalog-method/16, 17): `response_inacbg` and, when the group has
 * any, the top-level `special_cmg_option`; `special` null at stage 1, else the codes chosen at
 * stage 2 (one per type). An error group (code X…) has no tariff and no options.
 */
export function groupInacbg(
  coding: Record<CodeList, string[]>,
  kelas: "kelas_1" | "kelas_2" | "kelas_3",
  xGroup: string[],
  special: string[] | null,
) {
  const primary = codesOf(coding.diagnosa)[0];
  const procs = codesOf(coding.procedure);
  const row = primary && !xGroup.includes(primary)
    ? SIM_CBG.find((r) => r.dx === primary && (!r.proc || procs.includes(r.proc)))
    : undefined;
  const tail = { kelas, inacbg_version: SIM_VERSIONS.inacbg, status_cd: "normal" };
  if (!row) return { error: true, response_inacbg: { cbg: { ...SIM_CBG_ERROR }, ...tail } };
  const options = row.special?.map(({ result: _r, ...o }) => o);
  const types = new Set<string>();
  const chosen = (row.special ?? []).filter((s) => {
    if (!special?.includes(s.code) || types.has(s.type)) return false;
    types.add(s.type);
    return true;
  }).map((s) => s.result);
  const base = row.tariff[kelas];
  return {
    error: false,
    response_inacbg: {
      cbg: { code: row.code, description: row.description },
      base_tariff: String(base),
      tariff: String(base + chosen.reduce((s, c) => s + c.tariff, 0)),
      ...(special ? { special_cmg: chosen } : {}),
      ...tail,
    },
    ...(options ? { special_cmg_option: options } : {}),
  };
}

const squash = (s: string) => s.toLowerCase().replace(/\./g, "");

/**
 * The search methods (manual 04-katalog-method/28–31): by code (dots optional) or words of the
 * description. iDRG answers objects, INA-CBG `[description, code]` pairs.
 */
export function search(list: CodeList, system: CodeSystem, keyword: string) {
  const k = keyword.trim().toLowerCase();
  const hits = k === ""
    ? []
    : table(list).filter((c) =>
      (system === "idrg" ? c.idrg !== undefined : c.inacbg) &&
      (squash(c.code).startsWith(squash(k)) || c.display.toLowerCase().includes(k))
    );
  const data = system === "idrg"
    ? hits.map((c) => ({
      description: c.display,
      code: c.code,
      validcode: c.idrg,
      im: c.im ? "1" : "0",
    }))
    : hits.map((c) => [c.display, c.code]);
  return { count: data.length, data };
}
