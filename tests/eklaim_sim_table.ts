/**
 * The E-Klaim simulator's STAND-IN code sets and grouper: a handful of codes with the answer
 * shapes of the manual (Manual Web Service E-Klaim 5.10.x, 04-katalog-method/09, 10, 13, 16, 17,
 * 28–31). The hip-revision rows and their figures (MDC 18 / DRG 1807119, cost weight 5.14, top-up
 * 13031, base rate 8037060; M-1-04-I kelas 3 Rp 31.713.400 with RR04Hip, RR04Knee, YY01) are the
 * manual's examples; every other group, weight and tariff is invented for tests and is NOT
 * E-Klaim's grouper, which is the Kemenkes/UNU grouper inside E-Klaim.
 */

/** One code as the simulator's code sets know it. */
export interface SimCode {
  code: string;
  display: string;
  /** In ICD-10-IM / ICD-9-CM-IM (iDRG): "1" codable, "0" a header; absent: not in IM. */
  idrg?: "1" | "0";
  /** An Indonesian Modification code: not in ICD-10 2010 / ICD-9-CM (E2101 on import). */
  im?: boolean;
  /** In ICD-10 2010 / ICD-9-CM (INA-CBG). */
  inacbg?: boolean;
}

/** Diagnoses (ICD-10-IM and ICD-10 2010). */
export const SIM_DIAGNOSES: SimCode[] = [
  { code: "S73.0", display: "Dislocation of hip", idrg: "0", inacbg: true },
  {
    code: "S73.02",
    display: "Dislocation of hip, posterior type with large single fracture (IM)",
    idrg: "1",
    im: true,
  },
  {
    code: "E11.9",
    display: "Non-insulin-dependent diabetes mellitus without complications",
    idrg: "1",
    inacbg: true,
  },
  { code: "J18.9", display: "Pneumonia, unspecified", idrg: "1", inacbg: true },
  { code: "O80.0", display: "Spontaneous vertex delivery", idrg: "1", inacbg: true },
  {
    code: "R99",
    display: "Other ill-defined and unspecified causes of mortality",
    idrg: "1",
    inacbg: true,
  },
  {
    code: "D63.8",
    display: "Anaemia in other chronic diseases classified elsewhere",
    idrg: "1",
    inacbg: true,
  },
  { code: "D63.0", display: "Anaemia in neoplastic disease", idrg: "1", inacbg: true },
];

/** Procedures (ICD-9-CM-IM and ICD-9-CM). */
export const SIM_PROCEDURES: SimCode[] = [
  { code: "81.51", display: "Total hip replacement", idrg: "1", inacbg: true },
  { code: "81.53", display: "Revision of hip replacement, NEC", idrg: "1", inacbg: true },
  {
    code: "86.28",
    display: "Nonexcisional debridement of wound, infection or burn",
    idrg: "1",
    inacbg: true,
  },
  {
    code: "91.799",
    display: "Other Microscopic examination of specimen from operative wound (IM)",
    idrg: "1",
    im: true,
  },
  {
    code: "91.79",
    display: "Microscopic examination of specimen from operative wound, Other",
    idrg: "0",
    inacbg: true,
  },
  { code: "99.04", display: "Transfusion of packed cells", idrg: "1", inacbg: true },
];

/** A top-up option of an iDRG group (stage 2, `topup_codes`). */
export interface SimTopup {
  code: string;
  description: string;
  type: string;
  cost_weight: string;
}

/** One iDRG group: chosen by the primary diagnosis, and by a procedure when `proc` is set. */
export interface SimIdrgRow {
  dx: string;
  proc?: string;
  mdc_number: string;
  mdc_description: string;
  drg_code: string;
  drg_description: string;
  cost_weight: string;
  topup_options?: SimTopup[];
}

const MSK = "Diseases and Disorders of the Musculoskeletal System and Connective Tissue";

/** The iDRG groups; the first row that matches wins. */
export const SIM_IDRG: SimIdrgRow[] = [
  {
    dx: "S73.02",
    proc: "81.53",
    mdc_number: "18",
    mdc_description: MSK,
    drg_code: "1807119",
    drg_description: "Hip Revision Proc.",
    cost_weight: "5.14",
    topup_options: [
      { code: "13031", description: "Hip Implant", type: "prosthesis", cost_weight: "1.97019644" },
    ],
  },
  {
    dx: "S73.02",
    mdc_number: "18",
    mdc_description: MSK,
    drg_code: "1812101",
    drg_description: "Dislocation of Hip (stand-in)",
    cost_weight: "1.20",
  },
  {
    dx: "J18.9",
    mdc_number: "04",
    mdc_description: "Diseases and Disorders of the Respiratory System",
    drg_code: "0414110",
    drg_description: "Pneumonia (stand-in)",
    cost_weight: "0.86",
  },
  {
    dx: "E11.9",
    mdc_number: "10",
    mdc_description: "Endocrine, Nutritional and Metabolic Diseases and Disorders",
    drg_code: "1006110",
    drg_description: "Diabetes (stand-in)",
    cost_weight: "0.62",
  },
  {
    dx: "O80.0",
    mdc_number: "14",
    mdc_description: "Pregnancy, Childbirth and the Puerperium",
    drg_code: "1410110",
    drg_description: "Vaginal Delivery (stand-in)",
    cost_weight: "0.45",
  },
];

/** The manual's base rate (`nbr`): total_tarif = round(nbr × total_cost_weight). */
export const SIM_NBR = "8037060";

/** The manual's ungroupable answer (MDC 36), given for the ungroupable code and empty coding. */
export const SIM_IDRG_UNGROUPABLE = {
  mdc_number: "36",
  mdc_description: "Ungroupable or Unrelated",
  drg_code: "3600019",
  drg_description: "Unrelated OR Procedures",
  script_version: "1.0.29",
  logic_version: "0.2.1747.202510161025",
  cost_weight: "0.00",
  sub_acute_weight: "0.00",
  chronic_weight: "0.00",
  total_cost_weight: "0",
  nbr: SIM_NBR,
  status_cd: "normal",
};

/** A special CMG choice of an INA-CBG group: the option offered and what stage 2 adds. */
export interface SimSpecialCmg {
  code: string;
  description: string;
  type: string;
  result: { code: string; description: string; tariff: number; type: string };
}

/** One INA-CBG group: by primary diagnosis, and by a procedure when `proc` is set. */
export interface SimCbgRow {
  dx: string;
  proc?: string;
  code: string;
  description: string;
  tariff: { kelas_1: number; kelas_2: number; kelas_3: number };
  special?: SimSpecialCmg[];
}

/** The INA-CBG groups; the first row that matches wins. */
export const SIM_CBG: SimCbgRow[] = [
  {
    dx: "S73.0",
    proc: "81.53",
    code: "M-1-04-I",
    description: "PROSEDUR PADA SENDI TUNGKAI BAWAH (RINGAN)",
    tariff: { kelas_1: 44398760, kelas_2: 38056080, kelas_3: 31713400 },
    special: [
      {
        code: "RR04Hip",
        description: "Hip Implant",
        type: "Special Prosthesis",
        result: {
          code: "RR-04-III-Hip",
          description: "HIP IMPLANT",
          tariff: 18000000,
          type: "Special Prosthesis",
        },
      },
      {
        code: "RR04Knee",
        description: "Knee Implant",
        type: "Special Prosthesis",
        result: {
          code: "RR-04-III-Knee",
          description: "KNEE IMPLANT",
          tariff: 18000000,
          type: "Special Prosthesis",
        },
      },
      {
        code: "YY01",
        description: "Hip Replacement / Knee Replacement",
        type: "Special Procedure",
        result: {
          code: "YY-01-II",
          description: "HIP REPLACEMENT / KNEE REPLACEMENT",
          tariff: 13099000,
          type: "Special Procedure",
        },
      },
    ],
  },
  {
    dx: "S73.0",
    code: "M-4-15-I",
    description: "DISLOKASI, TERKILIR DAN TEGANG (RINGAN) (stand-in)",
    tariff: { kelas_1: 4821300, kelas_2: 4132500, kelas_3: 3443800 },
  },
  {
    dx: "J18.9",
    code: "J-4-16-I",
    description: "SIMPLE PNEUMONIA & WHOOPING COUGH (RINGAN) (stand-in)",
    tariff: { kelas_1: 5123400, kelas_2: 4391500, kelas_3: 3659600 },
  },
  {
    dx: "E11.9",
    code: "E-4-10-I",
    description: "DIABETES MELITUS (RINGAN) (stand-in)",
    tariff: { kelas_1: 4410700, kelas_2: 3780600, kelas_3: 3150500 },
  },
];

/** The manual's error group (a code beginning X), given for the X-group code and no match. */
export const SIM_CBG_ERROR = {
  code: "X-0-13-X",
  description: "ERROR: MALE WITH GROUPING CRITERIA NOT MET",
};

/** The stand-in grouper's version strings (not E-Klaim's). */
export const SIM_VERSIONS = {
  script: "1.0.32-sim",
  logic: "0.2.0-sim",
  inacbg: "5.10.0-sim",
};
