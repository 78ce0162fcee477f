import { useState } from "react";
import { alertError, post } from "../ui/api.ts";
import { type FormField, FormFields, type FormValues, payload } from "../ui/Form.tsx";
import { FormModal } from "../ui/Modal.tsx";
import type { Option } from "../ui/Select.tsx";
import { toast } from "../ui/Toast.tsx";

const FIELDS: FormField[] = [
  { name: "erm", label: "No. ERM", required: true },
  { name: "first_name", label: "Nama Depan", required: true },
  { name: "last_name", label: "Nama Belakang" },
  {
    name: "gender",
    label: "Jenis Kelamin",
    choices: [{ id: "L", text: "Laki-laki" }, { id: "P", text: "Perempuan" }],
  },
  { name: "phone", label: "Telepon" },
];

/** A short new-patient form; `onCreated` gets the saved patient as a select option. */
export function PatientForm({ open, onClose, onCreated }: {
  open: boolean;
  onClose: () => void;
  onCreated: (o: Option) => void;
}) {
  const [values, setValues] = useState<FormValues>({});
  const [saving, setSaving] = useState(false);
  const save = async (e: Event) => {
    e.preventDefault();
    e.stopPropagation(); // the visit form around it must not submit
    if (saving) return;
    setSaving(true);
    try {
      const body = payload(FIELDS, values, new URLSearchParams({ id: "" }));
      const d = await post<{ _id: string; erm: string; fullname: string }>(
        "/api/pasien/update",
        body,
      );
      setSaving(false);
      setValues({});
      toast({ title: "Success", text: d.message });
      onCreated({ id: d.data!._id, text: `${d.data!.erm} - ${d.data!.fullname}` });
    } catch (err) {
      setSaving(false);
      alertError(err);
    }
  };
  return (
    <FormModal
      open={open}
      title="Tambah Pasien"
      size="sm"
      busy={saving}
      onClose={onClose}
      formId="pasien-baru-form"
      formClass="form"
      onSubmit={save}
    >
      <FormFields idPrefix="pasien-baru" fields={FIELDS} values={values} onChange={setValues} />
    </FormModal>
  );
}
