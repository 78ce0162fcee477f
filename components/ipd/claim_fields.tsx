import type { ComponentChildren } from "preact";
import { useEffect, useState } from "react";
import {
  ADD_PAYMENT_MAX,
  CARA_MASUK,
  claimFieldsOf,
  HAK_OF_ROOM,
  KELAS_RAWAT,
  UPGRADE_CLASSES,
  UPGRADE_PAYORS,
  UPGRADES_FROM,
  upgradeText,
} from "../../lib/ipd/claim_codes.ts";
import type { StayClaimFields } from "../../lib/ipd/model.ts";
import { get } from "../ui/api.ts";
import { Field } from "../ui/Field.tsx";
import type { FieldErrors } from "../ui/use_field_errors.ts";

/** The claim data as the visit form holds it; class and way in null until picked (then default). */
export interface ClaimValues {
  nomor_sep: string;
  kelas_rawat: string | null;
  cara_masuk: string | null;
  upgrade_class_class: string;
  upgrade_class_los: string;
  upgrade_class_payor: string;
  add_payment_pct: string;
  icu_los: string;
}

/** What the form shows where the clerk has not picked: the room's class, the way in guessed. */
export interface ClaimDefaults {
  kelas_rawat: string;
  cara_masuk: string;
}

const text = (n: number | null) => n === null ? "" : String(n).replace(".", ",");

/** A stay's claim data as the form starts from (a new stay: none). */
export function claimValuesOf(v?: Partial<StayClaimFields>): ClaimValues {
  const c = claimFieldsOf(v ?? {});
  return {
    nomor_sep: c.nomor_sep,
    kelas_rawat: c.kelas_rawat || null,
    cara_masuk: c.cara_masuk || null,
    upgrade_class_class: c.upgrade_class_class,
    upgrade_class_los: text(c.upgrade_class_los),
    upgrade_class_payor: c.upgrade_class_payor,
    add_payment_pct: text(c.add_payment_pct),
    icu_los: v ? String(c.icu_los) : "0",
  };
}

/** The claim inputs of `POST /api/ipd/update` (what the form shows, defaults included). */
export function claimBody(c: ClaimValues, d: ClaimDefaults): Record<string, string> {
  const up = c.upgrade_class_class;
  return {
    nomor_sep: c.nomor_sep,
    kelas_rawat: c.kelas_rawat ?? d.kelas_rawat,
    cara_masuk: c.cara_masuk ?? d.cara_masuk,
    upgrade_class_class: up,
    upgrade_class_los: up ? c.upgrade_class_los : "",
    upgrade_class_payor: up ? c.upgrade_class_payor : "",
    add_payment_pct: up === "vip" ? c.add_payment_pct : "",
    icu_los: c.icu_los,
  };
}

/** The entitled class a room suggests (its class's type), '' while unknown or none picked. */
export function useRoomHak(roomId: string | undefined): string {
  const [hak, setHak] = useState("");
  useEffect(() => {
    let live = true;
    setHak("");
    if (!roomId) return;
    get<{ data: { classroom?: { _id: string } | null } }>(`/api/room/${encodeURIComponent(roomId)}`)
      .then((r) => {
        const cls = r.data.classroom?._id;
        return cls
          ? get<{ data: { classtype?: string } }>(`/api/class-room/${encodeURIComponent(cls)}`)
          : null;
      })
      .then((r) => live && setHak(HAK_OF_ROOM[r?.data.classtype ?? ""] ?? ""))
      .catch((e) => console.error("Kelas ruang tidak terbaca:", e));
    return () => {
      live = false;
    };
  }, [roomId]);
  return hak;
}

/** A text input in its field (`extra`: more of the input's attributes). */
export const textInput = (
  id: string,
  label: string,
  value: string,
  error: string | undefined,
  onInput: (v: string) => void,
  extra: Record<string, unknown> = {},
) => (
  <Field id={id} label={label} error={error}>
    <input
      id={id}
      value={value}
      autoComplete="off"
      onInput={(e) => onInput(e.currentTarget.value)}
      {...extra}
    />
  </Field>
);
const days = { inputMode: "numeric", pattern: "[0-9]*", maxLength: 4 };

const options = (list: Record<string, string>, keys = Object.keys(list)) =>
  keys.map((k) => <option key={k} value={k}>{list[k] ?? k}</option>);

/** The visit form's claim data (Data Klaim); the upgrade's details show once a class is picked. */
export function ClaimInputs({ c, d, set, errors }: {
  c: ClaimValues;
  d: ClaimDefaults;
  set: (k: keyof ClaimValues, v: string) => void;
  errors: FieldErrors;
}) {
  const id = (k: string) => `visit-${k}`;
  const hak = c.kelas_rawat ?? d.kelas_rawat;
  const up = c.upgrade_class_class;
  const allowed = UPGRADES_FROM[hak] ?? [];
  const targets = up && !allowed.includes(up) ? [...allowed, up] : allowed;
  const upgrades = options(UPGRADE_CLASSES, targets);
  const payors = options(UPGRADE_PAYORS);
  const input = (k: keyof ClaimValues, label: string, extra: Record<string, unknown> = {}) =>
    textInput(id(k), label, c[k] ?? "", errors[k], (x) => set(k, x), extra);
  // the value shown: the clerk's, else the default (`d`)
  const select = (k: keyof ClaimValues, label: string, none: string, opts: ComponentChildren) => (
    <Field id={id(k)} label={label} error={errors[k]}>
      <select
        id={id(k)}
        value={c[k] ?? d[k as keyof ClaimDefaults]}
        onChange={(e) => set(k, e.currentTarget.value)}
      >
        <option value="">{none}</option>
        {opts}
      </select>
    </Field>
  );
  return (
    <>
      <h3 class="span-2 form-section" id="visit-data-klaim">Data Klaim (E-Klaim)</h3>
      {input("nomor_sep", "No. SEP", {
        maxLength: 40,
        placeholder: "mis. 0301R0011024V000123",
        spellcheck: false,
      })}
      {select("kelas_rawat", "Hak Kelas", "Belum diisi", options(KELAS_RAWAT))}
      {select("cara_masuk", "Cara Masuk", "Belum diisi", options(CARA_MASUK))}
      {input("icu_los", "Lama Rawat ICU (hari)", days)}
      {select("upgrade_class_class", "Naik Kelas", "Tidak naik kelas", upgrades)}
      {hak === "3" && !up && (
        <p class="field-desc">
          Peserta hak Kelas 3 tidak dapat naik kelas (Permenkes 3/2023 Pasal 48).
        </p>
      )}
      {up && input("upgrade_class_los", "Lama Naik Kelas (hari)", days)}
      {up && select("upgrade_class_payor", "Pembayar Naik Kelas", "Pilih pembayar", payors)}
      {up === "vip" &&
        input("add_payment_pct", `Tambahan Biaya VIP (%, 0–${ADD_PAYMENT_MAX})`, {
          inputMode: "decimal",
          maxLength: 5,
        })}
    </>
  );
}

export type DischargeClaim = Pick<ClaimValues, "nomor_sep" | "icu_los" | "upgrade_class_los">;

/** The discharge form's claim data from stay `v`, its setter (`touched` first) and its body. */
export function useDischargeClaim(
  v: Partial<StayClaimFields>,
  touched: (k: keyof DischargeClaim) => void,
) {
  const [c, setC] = useState<DischargeClaim>(() => {
    const { nomor_sep, icu_los, upgrade_class_los } = claimValuesOf(v);
    return { nomor_sep, icu_los, upgrade_class_los };
  });
  const upgrade = !!v.upgrade_class_class;
  return {
    c,
    upgrade,
    set: (k: keyof DischargeClaim, x: string) => {
      touched(k);
      setC((o) => ({ ...o, [k]: x }));
    },
    body: (): Record<string, string> => ({
      nomor_sep: c.nomor_sep,
      icu_los: c.icu_los,
      ...(upgrade ? { upgrade_class_los: c.upgrade_class_los } : {}),
    }),
  };
}

/** The discharge form's claim inputs (upgrade days only when the stay has an upgrade). */
export function DischargeClaimInputs({ claim: { c, upgrade, set }, errors }: {
  claim: ReturnType<typeof useDischargeClaim>;
  errors: FieldErrors;
}) {
  const input = (k: keyof DischargeClaim, label: string, extra: Record<string, unknown>) =>
    textInput(`discharge-${k}`, label, c[k], errors[k], (x) => set(k, x), extra);
  return (
    <>
      {input("nomor_sep", "No. SEP", { maxLength: 40, spellcheck: false })}
      {input("icu_los", "Lama Rawat ICU (hari)", days)}
      {upgrade && input("upgrade_class_los", "Lama Naik Kelas (hari)", days)}
    </>
  );
}

/** Label-value pairs as a description list, a `div` each. */
export const Facts = ({ facts, ...dl }: { facts: [string, string][]; class: string }) => (
  <dl {...dl}>
    {facts.map(([t, d]) => (
      <div key={t}>
        <dt>{t}</dt>
        <dd>{d}</dd>
      </div>
    ))}
  </dl>
);

/** A stay's claim data in words, label and text (the stay page, its detail and print). */
export function claimFacts(v: Partial<StayClaimFields>): [string, string][] {
  const c = claimFieldsOf(v);
  const none = "Belum diisi";
  return [
    ["No. SEP", c.nomor_sep || none],
    ["Hak Kelas", KELAS_RAWAT[c.kelas_rawat] ?? none],
    ["Cara Masuk", CARA_MASUK[c.cara_masuk] ?? none],
    ["Rawat ICU", c.icu_los > 0 ? `${c.icu_los} hari` : "Tidak"],
    ["Naik Kelas", upgradeText(c) || "Tidak"],
  ];
}
