import { auditStayView, can } from "../lib/http/request.ts";
import { type Context, Hono } from "hono";
import { Island } from "../components/Island.tsx";
import { HospitalMissing } from "../components/HospitalMissing.tsx";
import {
  DISCHARGE_COLUMNS,
  EXAM_COLUMNS,
  FILTER_KEYS,
  LIST_PAGE,
  type ListMode,
  VISIT_COLUMNS,
  type VisitRow,
} from "../lib/ipd/columns.ts";
import { type TableOrder, tableQuery } from "../lib/resource/datatables.ts";
import { firstRows } from "../lib/resource/table_props.ts";
import DischargeList from "../islands/DischargeList.tsx";
import IpdExams from "../islands/IpdExams.tsx";
import EklaimStay from "../islands/EklaimStay.tsx";
import IpdList from "../islands/IpdList.tsx";
import type { AppEnv, NavItem } from "../lib/http/env.ts";
import { AppError } from "../lib/errors.ts";
import { hospitalTariff } from "../lib/settings/hospital_tariff.ts";
import { getVisit, visitExams } from "../lib/ipd/stay.ts";
import { getHospital } from "../lib/settings/hospital.ts";
import { addressText, getDefaultAddress } from "../lib/settings/address.ts";
import { StayPrint } from "../components/ipd/StayPrint.tsx";
import { roomClass } from "../lib/ipd/exam.ts";
import { examTable, ipdTable, stayJson } from "../lib/ipd/list.ts";
import { renderPage } from "./_render.tsx";
import { firstPage } from "./_filter_labels.ts";
import type { Registry } from "../lib/resource/refs.ts";
import { checkStay } from "../lib/claim/readiness.ts";
import { breakdownJson } from "../lib/ipd/bill.ts";
import { billCategory } from "../lib/ipd/bill_setting.ts";

export const NAV: NavItem[] = [
  { group: "Rawat Inap", title: "Kunjungan Rawat Inap", path: "/ipd" },
  { group: "Rawat Inap", title: "Pasien Pulang", path: "/discharge-patient" },
];

/** Rows filling a 1366x768 screen: a stay takes two lines, a discharge with its codes four. */
const SCREENFUL: Record<ListMode, number> = { dirawat: 8, pulang: 6 };

/** A list page: its first page rendered with the filters of its own query string. */
function listPage(registry: Registry, mode: ListMode, title: string) {
  return async (c: Context<AppEnv>) => {
    const columns = mode === "pulang" ? DISCHARGE_COLUMNS : VISIT_COLUMNS;
    const length = firstRows(LIST_PAGE, SCREENFUL[mode]);
    const list = { keys: FILTER_KEYS, columns, length, order: [0, "asc"] as TableOrder };
    const props = {
      ...await firstPage(c, registry, "ipd", list, (q) => ipdTable(c.get("store"), q, mode)),
      canWrite: can(c, "POST", "/api/ipd/update"),
    };
    return renderPage(c, {
      title,
      status: props.error ? 400 : 200,
      body: mode === "pulang"
        ? <Island name="DischargeList" component={DischargeList} props={props} />
        : <Island name="IpdList" component={IpdList} props={props} />,
    });
  };
}

/** The stay of the path's id, or null when there is none. */
const stayOf = (c: Context<AppEnv>) =>
  getVisit(c.get("store"), c.req.param("id")!).catch((e) => {
    if (e instanceof AppError && e.status === 404) return null;
    throw e;
  });
const missing = (c: Context<AppEnv>, title: string) =>
  renderPage(c, {
    title,
    status: 404,
    body: <p class="alert alert-danger">Kunjungan rawat inap tidak ditemukan.</p>,
  });

/** The inpatient pages (`/ipd`, `/ipd/{id}`, `/discharge-patient`), first pages rendered here. */
export function ipdPages(registry: Registry): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get("/ipd", listPage(registry, "dirawat", "Kunjungan Rawat Inap"));
  r.get("/discharge-patient", listPage(registry, "pulang", "Pasien Pulang"));
  r.get("/ipd/:id/print", async (c) => {
    const store = c.get("store");
    const row = await stayOf(c);
    if (!row) return missing(c, "Cetak Rawat Inap");
    await auditStayView(c, row.value._id, "print");
    const [exams, hospital, address, claim, category] = await Promise.all([
      visitExams(store, row.value),
      getHospital(store, registry),
      getDefaultAddress(store, registry),
      checkStay(store, registry, row.value._id),
      billCategory(store),
    ]);
    return renderPage(c, {
      title: `Ringkasan Rawat Inap ${row.value.pasien.fullname}`,
      bare: true,
      body: (
        <StayPrint
          hospital={hospital.value?.name ?? ""}
          address={addressText(address.value)}
          visit={row.value}
          exams={exams.map((e) => e.value)}
          now={new Date()}
          claim={claim}
          category={category}
        />
      ),
    });
  });
  r.get("/ipd/:id", async (c) => {
    const store = c.get("store");
    const id = c.req.param("id");
    const row = await stayOf(c);
    if (!row) return missing(c, "Pemeriksaan Rawat Inap");
    await auditStayView(c, id);
    const q = tableQuery(EXAM_COLUMNS, { draw: 0, start: 0, length: 100, order: [0, "asc"] });
    const [initial, tariff, classtype, claim, category] = await Promise.all([
      examTable(store, id, q),
      hospitalTariff(store, registry),
      roomClass(store, registry, row.value.room._id),
      checkStay(store, registry, id),
      billCategory(store),
    ]);
    return renderPage(c, {
      title: "Pemeriksaan Rawat Inap",
      body: (
        <>
          <input type="hidden" id="ipd_id" value={id} />
          <HospitalMissing missing={tariff.missing} />
          {can(c, "POST", "/api/eklaim/:ipdId/group") && (
            <Island name="EklaimStay" component={EklaimStay} props={{ ipdId: id }} />
          )}
          <Island
            name="IpdExams"
            component={IpdExams}
            props={{
              visit: breakdownJson(stayJson(row), category) as unknown as VisitRow,
              initial,
              tariff,
              classtype,
              category,
              canWrite: can(c, "POST", "/api/ipd/visitexamination/update"),
              claim,
            }}
          />
        </>
      ),
    });
  });
  return r;
}
