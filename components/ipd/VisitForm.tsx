import { useEffect, useRef, useState } from "react";
import { READMISSION_REASONS } from "../../lib/ipd/model.ts";
import { toLocalInput } from "../../lib/ipd/rules.ts";
import { alertDialog } from "../ui/Dialog.tsx";
import { postForm } from "../ui/Form.tsx";
import { FormModal } from "../ui/Modal.tsx";
import { type Option, Select } from "../ui/Select.tsx";
import { toast } from "../ui/Toast.tsx";
import type { VisitRow } from "../../lib/ipd/columns.ts";
import { DescSelect } from "./DescSelect.tsx";
import { PatientForm } from "./PatientForm.tsx";
import { DateInput } from "../ui/DateInput.tsx";

interface Values {
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
  };
}

const REASONS = Object.entries(READMISSION_REASONS);

/** What to say under a list that has nothing to pick yet. */
const EMPTY_HINTS: Partial<
  Record<string, { url: string; text: string; href: string; link: string }>
> = {
  room: {
    url: "/api/room/select2",
    text: "Belum ada ruang rawat inap.",
    href: "/ruang",
    link: "Tambahkan di Data Master › Ruang",
  },
  dpjp: {
    url: "/api/doctor/dpjpselect2",
    text: "Belum ada dokter yang ditandai DPJP.",
    href: "/dokter",
    link: "Tambahkan atau tandai di Pengguna › Dokter",
  },
};

/**
 * Add/edit a stay ('Tambah Kunjungan' / 'Edit Kunjungan'). Picking a patient or changing the
 * date asks the server whether it is a readmission; then a reason is required.
 */
export function VisitForm({ row, onClose, onSaved }: {
  /** The stay to edit; undefined for a new one. */
  row?: VisitRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [v, setV] = useState(() => valuesOf(row));
  const [readmisi, setReadmisi] = useState(!!row?.readmisi);
  const [reasonMissing, setReasonMissing] = useState(false);
  /** Lists with nothing to pick on a fresh install (said under the field, with a link). */
  const [empty, setEmpty] = useState<string[]>([]);
  useEffect(() => {
    for (const [k, h] of Object.entries(EMPTY_HINTS)) {
      fetch(`${h!.url}?q=&page=1`).then((r) => r.json()).then((d) => {
        if (!d.results?.length) setEmpty((e) => [...e, k]);
      }).catch((e) => console.error(e));
    }
  }, []);
  const [newPatient, setNewPatient] = useState(false);
  const [saving, setSaving] = useState(false);
  const seq = useRef(0);
  const set = <K extends keyof Values>(k: K, x: Values[K]) => setV((o) => ({ ...o, [k]: x }));

  useEffect(() => {
    const n = ++seq.current;
    if (!v.pasien) return setReadmisi(false);
    const url = `/api/ipd/${encodeURIComponent(v.pasien.id)}/check-readmisi?date=` +
      encodeURIComponent(v.visitDate);
    fetch(url)
      .then(async (res) => {
        if (!res.ok) throw new Error(`Status ${res.status}`);
        const d = await res.json();
        if (n === seq.current) setReadmisi(!!d.readmisi);
      })
      .catch((e) => console.error("Cek readmisi gagal:", e));
  }, [v.pasien?.id, v.visitDate]);

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
    const id = (o: Option | null) => o?.id ?? "";
    const body = new URLSearchParams({
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
    });
    setSaving(true);
    try {
      const msg = await postForm("/api/ipd/update", body);
      setSaving(false);
      toast({ title: "Success", text: msg });
      onSaved();
    } catch (err) {
      setSaving(false);
      alertDialog("Error!", `Terjadi kesalahan: ${(err as Error).message}`, "error");
    }
  };

  const sel = (k: keyof Values, label: string, url: string, required = false) => (
    <div class="field">
      <label for={`visit-${k}`}>
        {label}
        {required && <span class="req" aria-hidden="true">*</span>}
      </label>
      <Select
        id={`visit-${k}`}
        url={url}
        required={required}
        value={v[k] as Option | null}
        onChange={(o) => set(k, o)}
      />
      {EMPTY_HINTS[k] && empty.includes(k) && (
        <small class="field-hint-empty" data-empty-hint={k}>
          {EMPTY_HINTS[k]!.text} <a href={EMPTY_HINTS[k]!.href}>{EMPTY_HINTS[k]!.link}</a>
        </small>
      )}
    </div>
  );
  const text = (k: "diagnosis_awal" | "asal", label: string) => (
    <div class="field">
      <label for={`visit-${k}`}>{label}</label>
      <input
        id={`visit-${k}`}
        value={v[k]}
        autoComplete="off"
        onInput={(e) => set(k, e.currentTarget.value)}
      />
    </div>
  );
  return (
    <>
      <FormModal
        open
        size="lg"
        title={row ? "Edit Kunjungan" : "Tambah Kunjungan"}
        busy={saving}
        onClose={onClose}
        formId="visit-form"
        formClass="form form-grid"
        onSubmit={save}
      >
        <div class="field span-2">
          <label for="visit-pasien">
            Pasien<span class="req" aria-hidden="true">*</span>
          </label>
          <div class="with-button">
            <Select
              id="visit-pasien"
              url="/api/pasien/select2"
              required
              value={v.pasien}
              placeholder="Cari No. ERM atau nama"
              onChange={(o) => set("pasien", o)}
            />
            {!v.pasien && (
              <button
                type="button"
                class="btn btn-light"
                onClick={() => setNewPatient(true)}
              >
                Pasien Baru
              </button>
            )}
          </div>
        </div>
        {readmisi && v.pasien && (
          <div class="field span-2 readmisi">
            <label for="visit-readmisi_reason">
              Alasan Readmisi<span class="req" aria-hidden="true">*</span>
            </label>
            <p class="alert alert-warning">
              Pasien pulang dari rawat inap sebelumnya kurang dari 30 hari yang lalu (readmisi).
            </p>
            <select
              id="visit-readmisi_reason"
              value={v.readmisi_reason}
              aria-invalid={reasonMissing && !v.readmisi_reason ? true : undefined}
              aria-describedby={reasonMissing && !v.readmisi_reason
                ? "visit-readmisi_reason-error"
                : undefined}
              onChange={(e) => set("readmisi_reason", e.currentTarget.value)}
            >
              <option value="">Pilih alasan readmisi</option>
              {REASONS.map(([k, t]) => <option key={k} value={k}>{t}</option>)}
            </select>
            {reasonMissing && !v.readmisi_reason && (
              <small class="field-error" id="visit-readmisi_reason-error">
                Pilih alasan readmisi sebelum menyimpan.
              </small>
            )}
          </div>
        )}
        <div class="field">
          <label for="visit-visitDate">
            Tanggal Masuk<span class="req" aria-hidden="true">*</span>
          </label>
          <DateInput
            id="visit-visitDate"
            time
            required
            value={v.visitDate}
            onChange={(d) => set("visitDate", d)}
          />
        </div>
        {sel("indicationranap", "Indikasi Rawat Inap", "/api/indication-ranap/select2")}
        {text("diagnosis_awal", "Diagnosa Awal")}
        {text("asal", "Asal Pasien")}
        {sel("room", "Ruang", "/api/room/select2", true)}
        {sel("igd", "Dokter IGD", "/api/doctor/igdpselect2")}
        {sel("dpjp", "DPJP", "/api/doctor/dpjpselect2", true)}
        <div class="field">
          <label for="visit-episode">Status Rawat</label>
          <DescSelect
            id="visit-episode"
            resource="episode"
            value={v.episode}
            desc={row?.episode?.desc ?? ""}
            onChange={(o) => set("episode", o)}
          />
        </div>
        <div class="field">
          <label for="visit-criteria">Kriteria IGD</label>
          <DescSelect
            id="visit-criteria"
            resource="criteria"
            value={v.criteria}
            desc={row?.criteria?.desc ?? ""}
            onChange={(o) => set("criteria", o)}
          />
        </div>
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
