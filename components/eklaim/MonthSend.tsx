import { useState } from "react";
import type { MonthSend as Sent } from "../../lib/eklaim/flow_month.ts";
import { formatNumber } from "../../lib/format.ts";
import { CLAIMS_CHANGED } from "../../lib/claim/columns.ts";
import { confirmDialog } from "../ui/Dialog.tsx";
import { ProgressPanel, useProgress } from "../ui/Progress.tsx";
import { toast } from "../ui/Toast.tsx";
import { Field } from "../ui/Field.tsx";

/** The month before `today`'s (`YYYY-MM`): the one a casemix team usually sends. */
const lastMonth = (today: string) => {
  const [y, m] = today.split("-").map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
};

/** 'Kirim klaim sebulan': a month's final claims (by discharge) sent through E-Klaim at once. */
export function MonthSend({ today }: { today: string }) {
  const [month, setMonth] = useState(lastMonth(today));
  const [result, setResult] = useState<{ ok: boolean; message: string; data?: Sent } | null>(null);
  const { progress, active, run } = useProgress();
  const send = async (e: Event) => {
    e.preventDefault();
    const ok = await confirmDialog({
      title: "Kirim klaim sebulan",
      text: `Kirim semua klaim final yang pulang pada bulan ${month} lewat E-Klaim?`,
    });
    if (!ok) return;
    try {
      const a = await run("/api/eklaim/send-month", {
        method: "POST",
        body: new URLSearchParams({ month }),
      });
      setResult({ ok: a.ok, message: a.message, data: a.body?.data as Sent | undefined });
      if (a.ok) {
        toast({ title: a.message });
        dispatchEvent(new Event(CLAIMS_CHANGED));
      }
    } catch (err) {
      setResult({ ok: false, message: `E-Klaim tidak terjangkau: ${String(err)}` });
    }
  };
  const d = result?.data;
  return (
    <form class="card eklaim-month blockable" onSubmit={send} aria-labelledby="eklaim-month-t">
      <h2 id="eklaim-month-t">Kirim klaim sebulan (E-Klaim)</h2>
      <Field id="eklaim-month" label="Bulan pulang">
        <input
          id="eklaim-month"
          type="month"
          required
          value={month}
          max={today.slice(0, 7)}
          onInput={(e) => setMonth(e.currentTarget.value)}
        />
      </Field>
      <button type="submit" class="btn btn-primary" disabled={active}>Kirim sebulan</button>
      {result && (
        <div class={`alert ${result.ok ? "alert-success" : "alert-danger"}`} role="alert">
          <p>{result.message}</p>
          {d && d.notSent.length > 0 && (
            <ul>
              {d.notSent.slice(0, 20).map((n) => <li key={n.sep}>{`${n.sep}: ${n.reason}`}</li>)}
            </ul>
          )}
          {d && d.unknown.length > 0 && (
            <p>
              {`${
                formatNumber(d.unknown.length)
              } SEP dikirim E-Klaim tanpa klaim final di aplikasi.`}
            </p>
          )}
        </div>
      )}
      {active && (
        <ProgressPanel
          progress={progress}
          label="Kirim klaim sebulan"
          start="Menghubungi E-Klaim"
        />
      )}
    </form>
  );
}
