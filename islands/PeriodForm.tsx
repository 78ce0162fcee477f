import { useState } from "react";
import { DateInput } from "../components/ui/DateInput.tsx";
import { type Period, showDay } from "../lib/report/period.ts";

/** The dashboard's period: a GET form (kept in the address), and 'Bulan ini' / 'Bulan lalu'. */
export default function PeriodForm(
  { period, previous, error }: { period: Period; previous: Period; error: string },
) {
  const [start, setStart] = useState(period.startDate);
  const [end, setEnd] = useState(period.endDate);
  return (
    <form class="card period-form" method="get" action="/" aria-label="Periode">
      <div class="field-inline">
        <label for="period-start">Dari tanggal</label>
        <DateInput id="period-start" name="startDate" required value={start} onChange={setStart} />
      </div>
      <div class="field-inline">
        <label for="period-end">Sampai tanggal</label>
        <DateInput id="period-end" name="endDate" required value={end} onChange={setEnd} />
      </div>
      <button type="submit" class="btn btn-primary">Tampilkan</button>
      <a class="btn btn-light" href="/">Bulan ini</a>
      <a
        class="btn btn-light"
        href={`/?startDate=${previous.startDate}&endDate=${previous.endDate}`}
        aria-current={period.startDate === previous.startDate &&
            period.endDate === previous.endDate
          ? "page"
          : undefined}
      >
        Bulan lalu
      </a>
      <p class="muted period-note">
        Periode {showDay(period.startDate)} s.d. {showDay(period.endDate)}{" "}
        berlaku untuk bagian ini: readmisi, ICD terbanyak dan analisis tarif dihitung dari pasien
        yang masuk dalam periode, kelengkapan dan klaim BPJS dari pasien yang pulang dalam periode.
        Angka hari ini di atas dan pasien per DPJP di bawah tidak mengikuti periode.
      </p>
      {error && <p class="alert alert-danger" role="alert">{error}</p>}
    </form>
  );
}
