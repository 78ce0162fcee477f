import { useState } from "react";
import { digitsPattern, PHONE_HINT, PHONE_PATTERN } from "../../lib/format.ts";
import { post, useSubmit } from "../ui/api.ts";
import { changed, type FormField, FormFields, type FormValues, payload } from "../ui/Form.tsx";
import { useFieldErrors } from "../ui/use_field_errors.ts";
import { FormModal } from "../ui/Modal.tsx";
import type { Option } from "../ui/Select.tsx";

const FIELDS: FormField[] = [
  { name: "erm", label: "No. ERM", required: true },
  { name: "first_name", label: "Nama Depan", required: true },
  { name: "last_name", label: "Nama Belakang" },
  {
    name: "gender",
    label: "Jenis Kelamin",
    choices: [{ id: "L", text: "Laki-laki" }, { id: "P", text: "Perempuan" }],
  },
  { name: "tgl_lahir", label: "Tanggal Lahir", type: "date", required: true },
  { name: "phone", label: "Telepon", pattern: PHONE_PATTERN, maxLength: 30, hint: PHONE_HINT },
  { name: "nomor_kartu", label: "No. Kartu BPJS", pattern: digitsPattern(13), hint: "13 angka." },
];

/** A short new-patient form; `onCreated` gets the saved patient as a select option. */
export function PatientForm({ open, onClose, onCreated }: {
  open: boolean;
  onClose: () => void;
  onCreated: (o: Option) => void;
}) {
  const [values, setValues] = useState<FormValues>({});
  const errs = useFieldErrors((n) => `pasien-baru-${n}`);
  const sending = useSubmit(errs.fail);
  const saving = sending.busy;
  // closing throws the typed patient away (after 'Buang perubahan?' when it has any)
  const close = () => {
    setValues({});
    errs.reset();
    onClose();
  };
  const save = async (e: Event) => {
    e.preventDefault();
    e.stopPropagation(); // the visit form around it must not submit
    const body = payload(FIELDS, values, new URLSearchParams({ id: "" }));
    await sending.save(
      () => post<{ _id: string; erm: string; fullname: string }>("/api/pasien/update", body),
      (d) => {
        setValues({});
        onCreated({ id: d.data!._id, text: `${d.data!.erm} - ${d.data!.fullname}` });
      },
    );
  };
  return (
    <FormModal
      open={open}
      title="Tambah Pasien"
      size="sm"
      busy={saving}
      dirty={changed({}, values)}
      onClose={close}
      formId="pasien-baru-form"
      formClass="form"
      onSubmit={save}
    >
      <FormFields
        idPrefix="pasien-baru"
        fields={FIELDS}
        values={values}
        onChange={setValues}
        errors={errs.errors}
        onEdit={errs.clear}
      />
    </FormModal>
  );
}
