import type { Field } from "../lib/resource/fields.ts";
import { gender as genderCheck, GENDERS } from "../lib/resource/validate.ts";

/** The fields patients and doctors share: names (shown joined as `fullname`), gender, phone. */
export const { fullname, first_name, last_name, gender, phone }: Record<string, Field> = {
  fullname: { label: "Nama Lengkap", check: false, form: false },
  first_name: { label: "Nama Depan", check: { max: 100 }, column: false },
  last_name: { label: "Nama Belakang", check: { max: 100, required: false }, column: false },
  gender: { label: "Jenis Kelamin", check: genderCheck, choices: GENDERS },
  phone: { label: "Telepon", check: { max: 30, required: false } },
};
