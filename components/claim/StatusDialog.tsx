import { useEffect, useState } from "react";
import { FormModal } from "../ui/Modal.tsx";
import { Field } from "../ui/Field.tsx";
import { DateInput } from "../ui/DateInput.tsx";
import { plainNumber } from "../ui/Form.tsx";
import { alertError, get, post, useSubmit } from "../ui/api.ts";
import { toast } from "../ui/Toast.tsx";
import { CLAIM_STATUSES, type ClaimEvent, type ClaimStatus } from "../../lib/claim/claim_store.ts";
import { formatDateTime, formatDay, formatMoney } from "../../lib/format.ts";
import type { KlaimRow } from "../../lib/claim/columns.ts";

/** What `GET /api/klaim/{ipdId}` answers. */
interface ClaimInfo {
  status: ClaimStatus;
  next: ClaimStatus[];
  reasons: Record<string, string>;
  data: { _version: string; sep: string; approved: number | null; history?: ClaimEvent[] } | null;
}

/** A claim's status history, oldest first: when, the status, who, and its detail. */
function History({ events }: { events: ClaimEvent[] }) {
  if (!events.length) return null;
  return (
    <>
      <h3 id="klaim-history-title">Riwayat status</h3>
      <ol class="claim-history" aria-labelledby="klaim-history-title">
        {events.map((e, i) => (
          <li key={i} data-status={e.status}>
            {`${formatDateTime(e.at)} · `}
            <strong>{CLAIM_STATUSES[e.status]}</strong>
            {` · ${e.by}`}
            {e.reason && ` · ${e.reason}`}
            {e.amount != null && ` · ${formatMoney(e.amount)}`}
            {e.date && ` · dibayar ${formatDay(e.date)}`}
          </li>
        ))}
      </ol>
    </>
  );
}

type Details = { status: string; reason: string; other: string; amount: string; date: string };
const NO_DETAILS: Details = { status: "", reason: "", other: "", amount: "", date: "" };
const NEEDS_REASON: ClaimStatus[] = ["pending", "dispute"];
const NEEDS_AMOUNT: ClaimStatus[] = ["layak", "dibayar"];

/** The status change of one claim, to a status it may take next, with what that status needs. */
export function StatusDialog({ row, onClose, onSaved }: {
  row: KlaimRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [info, setInfo] = useState<ClaimInfo | null>(null);
  const [d, setD] = useState(NO_DETAILS);
  const set = (k: keyof Details) => (v: string) => setD((o) => ({ ...o, [k]: v }));
  const { busy, submit } = useSubmit((err) => alertError(err, "message"));
  useEffect(() => {
    setInfo(null);
    if (!row) return;
    setD(NO_DETAILS);
    get<ClaimInfo>(`/api/klaim/${encodeURIComponent(row._id)}`).then((i) => {
      setInfo(i);
      set("status")(i.next[0] ?? "");
    }).catch((e) => {
      onClose();
      alertError(e);
    });
  }, [row?._id]);
  const s = d.status as ClaimStatus;
  const save = async (e: Event) => {
    e.preventDefault();
    if (!row || !info?.data) return;
    const data = info.data;
    await submit(async () => {
      const body = new URLSearchParams({ status: s, _version: data._version });
      if (NEEDS_REASON.includes(s)) body.set("reason", d.reason === "lainnya" ? d.other : d.reason);
      if (NEEDS_AMOUNT.includes(s)) body.set("amount", plainNumber(d.amount));
      if (s === "dibayar") body.set("date", d.date);
      const res = await post(`/api/klaim/${encodeURIComponent(row._id)}/status`, body);
      toast({ title: res.message });
      onSaved();
      onClose();
    });
  };
  return (
    <FormModal
      open={!!row}
      title={`Status Klaim ${row?.pasien.fullname ?? ""}`}
      onClose={onClose}
      busy={busy || (!!row && !info)}
      formId="klaim-status-form"
      onSubmit={save}
    >
      {info && !info.data && (
        <p class="alert alert-warning">Kunjungan ini belum diklaim (belum ada data E-Klaim).</p>
      )}
      {info?.data && (
        <>
          <p>
            {`SEP ${info.data.sep} · status sekarang: `}
            <strong data-current>{CLAIM_STATUSES[info.status]}</strong>
          </p>
          <History events={info.data.history ?? []} />
          {info.next.length === 0
            ? <p class="alert alert-info">Status ini sudah final; tidak ada perubahan lagi.</p>
            : (
              <Field id="klaim-new-status" label="Status baru" required>
                <select
                  id="klaim-new-status"
                  value={s}
                  required
                  onChange={(e) => set("status")(e.currentTarget.value)}
                >
                  {info.next.map((n) => <option key={n} value={n}>{CLAIM_STATUSES[n]}</option>)}
                </select>
              </Field>
            )}
          <StatusDetails
            status={s}
            reasons={info.reasons}
            approved={info.data.approved}
            value={d}
            set={set}
          />
        </>
      )}
    </FormModal>
  );
}

/** What the chosen status needs: a reason (pending, dispute), an amount (layak, dibayar), a day. */
function StatusDetails({ status, reasons, approved, value, set }: {
  status: ClaimStatus;
  reasons: Record<string, string>;
  approved: number | null;
  value: Details;
  set: (k: keyof Details) => (v: string) => void;
}) {
  return (
    <>
      {NEEDS_REASON.includes(status) && (
        <Field id="klaim-reason" label="Alasan" required>
          <select
            id="klaim-reason"
            value={value.reason}
            required
            onChange={(e) => set("reason")(e.currentTarget.value)}
          >
            <option value="">Pilih alasan...</option>
            {Object.entries(reasons).map(([k, v]) => <option key={k} value={k}>{v}</option>)}
          </select>
        </Field>
      )}
      {NEEDS_REASON.includes(status) && value.reason === "lainnya" && (
        <Field id="klaim-reason-text" label="Alasan lain" required>
          <input
            id="klaim-reason-text"
            type="text"
            required
            maxLength={500}
            value={value.other}
            onInput={(e) =>
              set("other")(e.currentTarget.value)}
          />
        </Field>
      )}
      {NEEDS_AMOUNT.includes(status) && (
        <Field
          id="klaim-amount"
          label={status === "layak" ? "Jumlah disetujui (Rp)" : "Jumlah dibayar (Rp)"}
          required
        >
          <input
            id="klaim-amount"
            type="text"
            inputMode="numeric"
            required
            value={value.amount}
            onInput={(e) => set("amount")(e.currentTarget.value)}
          />
          {status === "dibayar" && approved != null && (
            <small class="hint">{`Disetujui ${formatMoney(approved)}`}</small>
          )}
        </Field>
      )}
      {status === "dibayar" && (
        <Field id="klaim-date" label="Tanggal bayar" required>
          <DateInput id="klaim-date" value={value.date} onChange={set("date")} required />
        </Field>
      )}
    </>
  );
}
