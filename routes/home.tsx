import { Hono } from "hono";
import { Dashboard } from "../components/Dashboard.tsx";
import { SetupChecklist } from "../components/SetupChecklist.tsx";
import { setupSteps } from "../lib/settings/setup.ts";
import type { AppEnv } from "../lib/http/env.ts";
import { hospitalDay } from "../lib/ipd/rules.ts";
import { renderPage } from "./_render.tsx";
import { type MedicalRecordInfo, medicalRecordInfo, reportStays } from "../lib/report/report.ts";
import { currentMonth, parsePeriod, type Period, PeriodError } from "../lib/report/period.ts";

/**
 * The start page: the dashboard for a period (`?startDate=&endDate=`, default the current
 * month). The counters are rendered here, so they show without script; the charts island
 * fetches the rest. A malformed period answers 400 with the current month and the reason.
 */
export function homeRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/", async (c) => {
    const now = c.get("now")();
    let period: Period, error = "";
    try {
      period = parsePeriod(c.req.query(), now);
    } catch (e) {
      if (!(e instanceof PeriodError)) throw e;
      period = currentMonth(now);
      error = `${e.message} Menampilkan bulan ini.`;
    }
    let info: MedicalRecordInfo | null = null;
    try {
      info = medicalRecordInfo(
        await reportStays(c.get("store")),
        period,
        now,
      );
    } catch (e) {
      console.error("Ringkasan dasbor gagal dihitung:", e);
    }
    const steps = await setupSteps(c.get("store"));
    return renderPage(c, {
      title: "Beranda",
      status: error ? 400 : 200,
      body: (
        <>
          <SetupChecklist steps={steps} />
          <Dashboard info={info} period={period} today={hospitalDay(now)} error={error} />
        </>
      ),
    });
  });
  return r;
}
