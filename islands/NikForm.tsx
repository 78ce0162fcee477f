import { useState } from "react";
import { Field } from "../components/ui/Field.tsx";
import { post, useSubmit } from "../components/ui/api.ts";
import { useFieldErrors } from "../components/ui/use_field_errors.ts";

export interface NikFormProps {
  /** The account's NIK now ('' when none). */
  nik: string;
  hint: string;
}

/** 'Akun Saya': one's own NIK as registered in E-Klaim (sent as the coder of each change). */
export default function NikForm(p: NikFormProps) {
  const [nik, setNik] = useState(p.nik);
  const errs = useFieldErrors(() => "akun-nik");
  const sending = useSubmit(errs.fail);

  async function save(e: Event) {
    e.preventDefault();
    await sending.save(() => post("/api/user/nik", new URLSearchParams({ nik })), (d) => {
      setNik(String(d.nik ?? nik));
    });
  }

  return (
    <form class="card form nik-form" onSubmit={save}>
      <h2>NIK E-Klaim</h2>
      <Field id="akun-nik" label="NIK" error={errs.errors.nik}>
        <input
          id="akun-nik"
          name="nik"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={24}
          value={nik}
          aria-describedby="akun-nik-hint"
          onInput={(e) => (errs.clear("nik"), setNik(e.currentTarget.value))}
        />
        <small class="hint" id="akun-nik-hint">{p.hint}</small>
      </Field>
      <button type="submit" class="btn btn-primary" disabled={sending.busy}>Simpan NIK</button>
    </form>
  );
}
