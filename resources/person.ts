import type { Field } from "../lib/resource/fields.ts";
import { digitCode, gender as genderCheck, GENDERS, text } from "../lib/resource/validate.ts";
import { digitsPattern, PHONE_HINT, PHONE_PATTERN } from "../lib/format.ts";

const PHONE_RE = new RegExp(`^(?:${PHONE_PATTERN})$`);

/** The fields patients and doctors share: names (shown joined as `fullname`), gender, phone. */
export const { fullname, first_name, last_name, gender, phone }: Record<string, Field> = {
  fullname: { label: "Nama Lengkap", check: false, form: false },
  first_name: { label: "Nama Depan", check: { max: 100 }, column: false },
  last_name: { label: "Nama Belakang", check: { max: 100, required: false }, column: false },
  gender: { label: "Jenis Kelamin", check: genderCheck, choices: GENDERS },
  phone: {
    label: "Telepon",
    // no letters: the browser refuses them as typed (the form's `pattern`), the server too
    check: (l) =>
      text(l, { max: 30, required: false }).refine((v) => !v || PHONE_RE.test(v), {
        error:
          `${l} hanya boleh berisi angka (boleh diawali +, dipisah spasi, - atau tanda kurung).`,
      }),
    form: {
      pattern: PHONE_PATTERN,
      maxLength: 30,
      hint: PHONE_HINT,
      placeholder: "mis. 0812 3456 7890",
    },
  },
};

/** A 16-digit NIK (not a table column), `hint` said under it: a patient's or an account's. */
export const nik = (hint: string): Field => ({
  label: "NIK",
  check: (l) => digitCode(l, 16),
  column: false,
  form: { pattern: digitsPattern(16), hint },
});
