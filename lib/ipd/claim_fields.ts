import { z } from "zod";
import { AppError, badRequest, conflict } from "../errors.ts";
import { formatDateTime } from "../format.ts";
import type { Collection } from "../db/collection.ts";
import {
  ADD_PAYMENT_MAX,
  CARA_MASUK,
  claimFieldsOf,
  KELAS_RAWAT,
  normalSep,
  UPGRADE_CLASSES,
  UPGRADE_PAYORS,
  UPGRADES_FROM,
} from "./claim_codes.ts";
import type { StayClaimFields, Visit } from "./model.ts";
import { lengthOfStay } from "./rules.ts";
import { parseOr400 } from "../resource/validate.ts";

const codeOf = (list: Record<string, string>, label: string) =>
  z.string().trim().refine((v) => !v || v in list, {
    error: (i) =>
      `${label} "${i.input}" tidak dikenal; pilih ${
        Object.entries(list).map(([k, t]) => `${k} (${t})`).join(", ")
      }.`,
  }).optional();

const days = (label: string, min: number) =>
  z.string().trim().refine((v) => !v || (/^\d{1,4}$/.test(v) && Number(v) >= min), {
    error: `${label} harus bilangan bulat ${min} atau lebih (hari).`,
  }).optional();

/** The claim inputs of the stay's schema: each optional, absent meaning unchanged. */
export const CLAIM_SHAPE = {
  nomor_sep: z.string().transform(normalSep).refine((v) => !v || /^[A-Z0-9]{1,30}$/.test(v), {
    error: "No. SEP hanya boleh huruf dan angka, 1 sampai 30 karakter (mis. 0301R0011024V000123).",
  }).optional(),
  kelas_rawat: codeOf(KELAS_RAWAT, "Hak kelas"),
  cara_masuk: codeOf(CARA_MASUK, "Cara masuk"),
  upgrade_class_class: codeOf(UPGRADE_CLASSES, "Naik kelas"),
  upgrade_class_los: days("Lama naik kelas", 1),
  upgrade_class_payor: codeOf(UPGRADE_PAYORS, "Pembayar naik kelas"),
  add_payment_pct: z.string().trim().transform((v) => v.replace(",", ".")).refine(
    (v) => !v || (/^\d{1,2}(\.\d{1,2})?$/.test(v) && Number(v) <= ADD_PAYMENT_MAX),
    { error: `Tambahan biaya VIP harus persen 0 sampai ${ADD_PAYMENT_MAX}.` },
  ).optional(),
  icu_los: days("Lama rawat ICU", 0),
};

/** The claim inputs as parsed with `CLAIM_SHAPE` (undefined: not sent). */
export type ClaimInput = Partial<Record<keyof StayClaimFields, string>>;

const LABELS: Record<string, string> = {
  upgrade_class_class: "Naik kelas ke",
  upgrade_class_los: "Lama naik kelas (hari)",
  upgrade_class_payor: "Pembayar naik kelas",
  add_payment_pct: "Tambahan biaya VIP (%)",
};

const num = (v: string) => v === "" ? null : Number(v);

/** A stay's claim data, the inputs over `was`: an upgrade whole and allowed (`UPGRADES_FROM`). */
export function claimChange(input: ClaimInput, was: StayClaimFields): StayClaimFields {
  const pick = <K extends keyof StayClaimFields>(k: K, f: (v: string) => StayClaimFields[K]) =>
    input[k] === undefined ? was[k] : f(input[k]!);
  const c: StayClaimFields = {
    nomor_sep: pick("nomor_sep", (v) => v),
    kelas_rawat: pick("kelas_rawat", (v) => v),
    cara_masuk: pick("cara_masuk", (v) => v),
    upgrade_class_class: pick("upgrade_class_class", (v) => v),
    upgrade_class_los: pick("upgrade_class_los", num),
    upgrade_class_payor: pick("upgrade_class_payor", (v) => v),
    add_payment_pct: pick("add_payment_pct", num),
    icu_los: pick("icu_los", (v) => num(v) ?? 0),
  };
  const to = c.upgrade_class_class;
  if (to !== "vip" && c.add_payment_pct !== null && c.add_payment_pct !== 0) {
    throw badRequest("Tambahan biaya (%) hanya untuk naik kelas ke VIP.").at("add_payment_pct");
  }
  if (to !== "vip") c.add_payment_pct = null;
  const given = [c.upgrade_class_class, c.upgrade_class_los, c.upgrade_class_payor]
    .some((v) => v !== "" && v !== null) || c.add_payment_pct !== null;
  if (!given) return { ...c, upgrade_class_los: null };
  const needed = ["upgrade_class_class", "upgrade_class_los", "upgrade_class_payor"];
  if (to === "vip") needed.push("add_payment_pct");
  const missing = needed.find((k) => {
    const v = c[k as keyof StayClaimFields];
    return v === "" || v === null;
  });
  if (missing) {
    throw badRequest(
      `Naik kelas belum lengkap: ${LABELS[missing]} wajib diisi (kelas tujuan, lama hari dan ` +
        "pembayar diisi bersama, ditambah persen tambahan biaya untuk VIP).",
    ).at(missing);
  }
  if (!c.kelas_rawat) {
    throw badRequest("Hak kelas wajib diisi bila pasien naik kelas.").at("kelas_rawat");
  }
  const allowed = UPGRADES_FROM[c.kelas_rawat] ?? [];
  if (!allowed.includes(to)) {
    const hak = KELAS_RAWAT[c.kelas_rawat];
    throw badRequest(
      allowed.length
        ? `Dari hak ${hak} naik kelas hanya ke ${
          allowed.map((a) => UPGRADE_CLASSES[a]).join(" atau ")
        } (Permenkes 3/2023 Pasal 48).`
        : `Peserta dengan hak ${hak} tidak dapat naik kelas (Permenkes 3/2023 Pasal 48); bila ` +
          "tetap naik kelas, pasien dirawat sebagai pasien umum.",
    ).at("upgrade_class_class");
  }
  return c;
}

/** 400 for ICU days over the length of stay `los`, and once `discharged` upgrade days over it. */
export function assertClaimDays(c: StayClaimFields, los: number, discharged: boolean): void {
  if (c.icu_los > los) {
    throw badRequest(`Lama rawat ICU (${c.icu_los} hari) melebihi lama rawat (${los} hari).`)
      .at("icu_los");
  }
  if (discharged && (c.upgrade_class_los ?? 0) > los) {
    throw badRequest(
      `Lama naik kelas (${c.upgrade_class_los} hari) melebihi lama rawat (${los} hari).`,
    ).at("upgrade_class_los");
  }
}

const CLAIM_SCHEMA = z.object(CLAIM_SHAPE);

/** The claim data of stay `v` discharged at `at`, with the claim inputs sent (`claimChange`). */
export function claimAtDischarge(
  fields: Record<string, string>,
  v: Visit,
  at: string,
): StayClaimFields {
  const claim = claimChange(parseOr400(CLAIM_SCHEMA, fields), claimFieldsOf(v));
  assertClaimDays(claim, lengthOfStay(v.visitDate, at), true);
  return claim;
}

/** 409 naming the other stay (patient, ERM, admission) holding SEP `sep`, or null. */
async function sepHeld(col: Collection<Visit>, sep: string, id: string) {
  if (!sep) return null;
  const owner = await col.idBy("nomor_sep", sep);
  if (!owner || owner === id) return null;
  const other = (await col.find(owner))?.value;
  return conflict(
    `No. SEP ${sep} sudah tercatat pada kunjungan rawat inap lain: ` +
      (other
        ? `${other.pasien.fullname} (No. ERM ${other.pasien.erm}), masuk ${
          formatDateTime(other.visitDate)
        }.`
        : "kunjungan itu baru saja dihapus; ulangi simpan."),
  ).at("nomor_sep");
}

/** Runs `write` of stay `id` with SEP `sep`: 409 naming another stay holding it, before/after. */
export async function withSep<T>(
  col: Collection<Visit>,
  sep: string,
  id: string,
  write: () => Promise<T>,
): Promise<T> {
  const held = await sepHeld(col, sep, id);
  if (held) throw held;
  try {
    return await write();
  } catch (e) {
    if (e instanceof AppError && e.status === 409) throw await sepHeld(col, sep, id) ?? e;
    throw e;
  }
}
