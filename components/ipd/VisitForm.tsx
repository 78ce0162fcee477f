import { useEffect, useRef, useState } from "react";
import { toLocalInput } from "../../lib/hospital_time.ts";
import { get, post, useSubmit } from "../ui/api.ts";
import { useChanged } from "../ui/Form.tsx";
import { type FieldErrors, useFieldErrors } from "../ui/use_field_errors.ts";
import { alertDialog } from "../ui/Dialog.tsx";
import { Field } from "../ui/Field.tsx";
import { FormModal } from "../ui/Modal.tsx";
import { type Option, Select } from "../ui/Select.tsx";
import type { VisitRow } from "../../lib/ipd/columns.ts";
import { DescSelect } from "./DescSelect.tsx";
import { PatientForm } from "./PatientForm.tsx";
import { DateInput } from "../ui/DateInput.tsx";
import { PatientPicker, ReadmissionReason } from "./visit_fields.tsx";
import {
  claimBody,
  type ClaimDefaults,
  ClaimInputs,
  type ClaimValues,
  claimValuesOf,
  textInput,
  useRoomHak,
} from "./claim_fields.tsx";
import { guessCaraMasuk } from "../../lib/ipd/claim_codes.ts";

interface Values extends ClaimValues {
  pasien: Option | null;
  visitDate: string;
  indicationranap: Option | null;
  diagnosis_awal: string;
  asal: string;
  room: Option | null;
  igd: Option | null;
  dpjp: Option | null;
  episode: Option | null;
  criteria: Option | null;
  readmisi_reason: string;
}

const opt = (ref: { _id: string } | null | undefined, text: string | undefined) =>
  ref ? { id: ref._id, text: text ?? "" } : null;

function valuesOf(v?: VisitRow): Values {
  return {
    pasien: v ? opt(v.pasien, `${v.pasien.erm} - ${v.pasien.fullname}`) : null,
    visitDate: toLocalInput(v?.visitDate ?? new Date().toISOString()),
    indicationranap: opt(v?.indicationranap, v?.indicationranap?.desc),
    diagnosis_awal: v?.diagnosis_awal ?? "",
    asal: v?.asal ?? "",
    room: opt(v?.room, v?.room?.name),
    igd: opt(v?.igd, v?.igd?.fullname),
    dpjp: opt(v?.dpjp, v?.dpjp?.fullname),
    episode: opt(v?.episode, v?.episode?.title),
    criteria: opt(v?.criteria, v?.criteria?.title),
    readmisi_reason: v?.readmisi_reason ?? "",
    ...claimValuesOf(v),
  };
}

const SERVER_NAMES = { pasienId: "pasien", room_id: "room", igd_id: "igd", dpjp_id: "dpjp" };

/** The stay as `POST /api/ipd/update` takes it (the reason only for a readmission). */
function bodyOf(v: Values, row: VisitRow | undefined, readmisi: boolean, d: ClaimDefaults) {
  const id = (o: Option | null) => o?.id ?? "";
  return new URLSearchParams({
    id: row?._id ?? "",
    _version: row?._version ?? "",
    pasienId: id(v.pasien),
    visitDate: v.visitDate,
    indicationranap: id(v.indicationranap),
    diagnosis_awal: v.diagnosis_awal,
    asal: v.asal,
    room_id: id(v.room),
    igd_id: id(v.igd),
    dpjp_id: id(v.dpjp),
    episode: id(v.episode),
    criteria: id(v.criteria),
    readmisi_reason: readmisi ? v.readmisi_reason : "",
    ...claimBody(v, d),
  });
}

/** What the server says of admitting `pasienId` at `date`, asked when either changes. */
interface Admission {
  readmisi: boolean;
  /** Why saving would be refused: the patient is still admitted elsewhere ('' if not). */
  dirawat: string;
}

/** Whether a stay of `pasienId` from `date` is a readmission (`row`, the stay edited, left out). */
function useAdmission(pasienId: string | undefined, date: string, row?: VisitRow): Admission {
  const [a, setA] = useState<Admission>({ readmisi: !!row?.readmisi, dirawat: "" });
  const seq = useRef(0);
  useEffect(() => {
    const n = ++seq.current;
    if (!pasienId) return setA({ readmisi: false, dirawat: "" });
    const url = `/api/ipd/${encodeURIComponent(pasienId)}/check-readmisi?` +
      new URLSearchParams({ date, id: row?._id ?? "" });
    get<{ readmisi?: boolean; dirawatText?: string }>(url)
      .then((d) => {
        if (n !== seq.current) return;
        // a discharged stay may be edited while the patient is admitted again (lib/ipd/stay.ts)
        const open = !row || row.status === "dirawat";
        setA({ readmisi: !!d.readmisi, dirawat: open ? d.dirawatText ?? "" : "" });
      })
      .catch((e) => console.error("Cek readmisi gagal:", e));
  }, [pasienId, date]);
  return a;
}

/** The stay's own fields: admission date, references, first diagnosis and origin. */
function StayFields({ v, set, row, errors }: {
  v: Values;
  set: <K extends keyof Values>(k: K, x: Values[K]) => void;
  row?: VisitRow;
  errors: FieldErrors;
}) {
  // a required list says when shown whether it is empty (no room yet, no doctor marked DPJP)
  const sel = (k: keyof Values, label: string, url: string, required = false) => (
    <Field id={`visit-${k}`} label={label} required={required} error={errors[k]}>
      <Select
        id={`visit-${k}`}
        url={url}
        required={required}
        value={v[k] as Option | null}
        checkEmpty={required}
        onChange={(o) =>
          set(k, o)}
      />
    </Field>
  );
  const text = (k: "diagnosis_awal" | "asal", label: string) =>
    textInput(`visit-${k}`, label, v[k], errors[k], (x) => set(k, x));
  const desc = (k: "episode" | "criteria", label: string) => (
    <Field id={`visit-${k}`} label={label} error={errors[k]}>
      <DescSelect
        id={`visit-${k}`}
        resource={k}
        value={v[k]}
        desc={row?.[k]?.desc ?? ""}
        onChange={(o) =>
          set(k, o)}
      />
    </Field>
  );
  return (
    <>
      <Field id="visit-visitDate" label="Tanggal Masuk" required error={errors.visitDate}>
        <DateInput
          id="visit-visitDate"
          time
          required
          value={v.visitDate}
          onChange={(d) => set("visitDate", d)}
        />
      </Field>
      {sel("indicationranap", "Indikasi Rawat Inap", "/api/indication-ranap/select2")}
      {text("diagnosis_awal", "Diagnosa Awal")}
      {text("asal", "Asal Pasien")}
      {sel("room", "Ruang", "/api/room/select2", true)}
      {sel("igd", "Dokter IGD", "/api/doctor/igdpselect2")}
      {sel("dpjp", "DPJP", "/api/doctor/dpjpselect2", true)}
      {desc("episode", "Status Rawat")}
      {desc("criteria", "Kriteria IGD")}
    </>
  );
}

/** Add/edit a stay; a readmission (asked of the server) needs a reason. */
export function VisitForm({ row, onClose, onSaved }: {
  /** The stay to edit; undefined for a new one. */
  row?: VisitRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [v, setV] = useState(() => valuesOf(row));
  const { readmisi, dirawat } = useAdmission(v.pasien?.id, v.visitDate, row);
  const [reasonMissing, setReasonMissing] = useState(false);
  const [newPatient, setNewPatient] = useState(false);
  const errs = useFieldErrors((n) => `visit-${n}`, SERVER_NAMES);
  const sending = useSubmit(errs.fail);
  const saving = sending.busy;
  const dirty = useChanged(v);
  const hak = useRoomHak(v.room?.id);
  const d = {
    kelas_rawat: hak,
    cara_masuk: guessCaraMasuk({ igd: !!v.igd, criteria: !!v.criteria, asal: v.asal }),
  };
  const set = <K extends keyof Values>(k: K, x: Values[K]) => {
    errs.clear(k);
    setV((o) => ({ ...o, [k]: x }));
  };
  // a patient still admitted is said as soon as picked, not after the whole form is filled
  useEffect(() => {
    if (dirawat) errs.tell("pasien", dirawat);
  }, [dirawat]);

  const save = async (e: Event) => {
    e.preventDefault();
    if (saving) return;
    if (readmisi && !v.readmisi_reason) {
      // one message, then the field is marked and focused; nothing is sent
      setReasonMissing(true);
      await alertDialog("Peringatan", "Harap pilih alasan readmisi!", "warning");
      document.getElementById("visit-readmisi_reason")?.focus();
      return;
    }
    await sending.save(() => post("/api/ipd/update", bodyOf(v, row, readmisi, d)), onSaved);
  };

  return (
    <>
      <FormModal
        open
        size="lg"
        title={row ? "Edit Kunjungan" : "Tambah Kunjungan"}
        busy={saving}
        dirty={dirty}
        onClose={onClose}
        formId="visit-form"
        formClass="form form-grid"
        onSubmit={save}
      >
        <PatientPicker
          value={v.pasien}
          error={errs.errors.pasien}
          onChange={(o) => set("pasien", o)}
          onNew={() => setNewPatient(true)}
        />
        {readmisi && v.pasien && (
          <ReadmissionReason
            value={v.readmisi_reason}
            missing={reasonMissing}
            error={errs.errors.readmisi_reason}
            onChange={(r) => set("readmisi_reason", r)}
          />
        )}
        <StayFields v={v} set={set} row={row} errors={errs.errors} />
        <ClaimInputs c={v} d={d} set={(k, x) => set(k, x)} errors={errs.errors} />
      </FormModal>
      <PatientForm
        open={newPatient}
        onClose={() => setNewPatient(false)}
        onCreated={(o) => {
          setNewPatient(false);
          set("pasien", o);
        }}
      />
    </>
  );
}
