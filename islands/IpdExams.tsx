import { useEffect, useState } from "react";
import { alertDeleted, confirmDelete } from "../components/ui/Dialog.tsx";
import { alertError, get } from "../components/ui/api.ts";
import { TableFooter, TableView } from "../components/ui/ServerTable.tsx";
import { type Row, useServerTable } from "../components/ui/use_server_table.ts";
import { EXAM_COLUMNS, type VisitRow } from "../lib/ipd/columns.ts";
import { DischargeForm } from "../components/ipd/DischargeForm.tsx";
import { ExamForm } from "../components/ipd/ExamForm.tsx";
import { examCell, type ExamRow } from "../components/ipd/exam_cells.tsx";
import type { TariffKey } from "../components/ipd/TariffFields.tsx";
import { VisitHeader } from "../components/ipd/VisitHeader.tsx";
import { stayRecord } from "../components/ipd/cells.tsx";
import { StayBill } from "../components/ipd/StayBill.tsx";
import { PackageNote } from "../components/ipd/package_view.tsx";
import type { BillKey } from "../lib/ipd/bill.ts";
import type { ClaimCheck } from "../lib/claim/readiness.ts";
import { ClaimChecklist } from "../components/claim/ClaimChecklist.tsx";
import { StaySummary, SUMMARY_FIELDS, SummaryForm } from "../components/ipd/StaySummary.tsx";

export interface IpdExamsProps {
  visit: VisitRow;
  /** The first page of examinations, rendered on the server. */
  initial: { data: Row[]; recordsTotal: number; recordsFiltered: number };
  tariff: TariffKey;
  /** The room's treatment class (first | second | third, '' when unknown). */
  classtype: string;
  /** The bill's category the settings name (`billCategory`). */
  category: BillKey;
  /** False for a role that may only read: no add, edit, delete or discharge. */
  canWrite: boolean;
  /** The stay's claim readiness as the page was rendered (read again after every write). */
  claim: ClaimCheck;
}

/** An examination's row buttons. */
function ExamButtons({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <button type="button" class="btn btn-sm btn-light" onClick={onEdit}>Edit</button>
      <button type="button" class="btn btn-sm btn-danger" onClick={onDelete}>Hapus</button>
    </>
  );
}

/** The examination form's fields, as the readiness links name them (`#pemeriksaan-…`). */
const EXAM_FIELDS: Record<string, string> = {
  "pemeriksaan-grouping": "exam-grouping",
  "pemeriksaan-kelas": "exam-tarifinacbgSelect",
};

/** Focuses field `id` once its form is open (after the form's own first focus). */
function focusSoon(id: string, tries = 60) {
  requestAnimationFrame(() => {
    const el = document.getElementById(id);
    if (!el || !el.closest(".modal")?.contains(document.activeElement)) {
      if (tries > 0) focusSoon(id, tries - 1);
      return;
    }
    el.focus();
    el.scrollIntoView({ block: "center" });
  });
}

/**
 * Examinations of one stay (`/ipd/{id}`): its claim readiness, header with totals, the bill by
 * E-Klaim's categories, add/edit/delete, discharge.
 */
export default function IpdExams(props: IpdExamsProps) {
  const [visit, setVisit] = useState(props.visit);
  const [claim, setClaim] = useState(props.claim);
  const api = `/api/ipd/${encodeURIComponent(visit._id)}`;
  const t = useServerTable({
    api: `${api}/details`,
    columns: EXAM_COLUMNS,
    initial: props.initial,
    pageSize: 100,
    order: [0, "asc"],
  });
  const [form, setForm] = useState<{ exam?: ExamRow } | null>(null);
  const [discharge, setDischarge] = useState(false);
  const [fixing, setFixing] = useState(false);
  const shut = () => setDischarge(false);
  const open = visit.status !== "pulang" && props.canWrite;

  /** The stay's totals, version and readiness change with every examination. */
  const refresh = async () => {
    try {
      const [v, c] = await Promise.all([
        get<{ data: VisitRow }>(api),
        get<ClaimCheck>(`${api}/claim-check`),
      ]);
      setVisit(v.data);
      setClaim(c);
    } catch (e) {
      alertError(e);
    }
  };

  /** Opens the field a readiness link names (`#ringkasan-diagnosis`…), where it is fixed. */
  const follow = (anchor: string): boolean => {
    const summary = SUMMARY_FIELDS[anchor as keyof typeof SUMMARY_FIELDS];
    const field = summary ?? EXAM_FIELDS[anchor];
    const last = (t.rows as ExamRow[]).at(-1);
    if (visit.status === "pulang" && props.canWrite && (summary || anchor === "ringkasan-pulang")) {
      setFixing(true);
    } else if (open && (summary || anchor === "pulang")) setDischarge(true);
    else if (open && field && last) setForm({ exam: last });
    else if (open && field) setForm({});
    else if (anchor.startsWith("pemeriksaan-")) {
      document.getElementById("pemeriksaan")?.scrollIntoView();
      return true;
    } else return false;
    if (field) focusSoon(field);
    return true;
  };
  useEffect(() => {
    if (location.hash) follow(location.hash.slice(1));
  }, []);
  useEffect(() => {
    const click = (e: MouseEvent) => {
      const a = (e.target as Element).closest?.("#kelengkapan-klaim a[href]") as
        | HTMLAnchorElement
        | null;
      const url = a && new URL(a.href);
      if (!url || url.pathname !== location.pathname || !url.hash) return;
      if (follow(url.hash.slice(1))) e.preventDefault();
    };
    document.addEventListener("click", click);
    return () => document.removeEventListener("click", click);
  });

  const remove = async (r: ExamRow) => {
    const yes = await confirmDelete(undefined, stayRecord(visit, r.examinationDate));
    if (!yes) return;
    t.send(`${api}/details/${encodeURIComponent(r._id)}`, { method: "DELETE" }, async () => {
      await refresh();
      alertDeleted();
    });
  };

  return (
    <div class="ipd-exams">
      <ClaimChecklist check={claim} open={visit.status === "pulang"} />
      <VisitHeader visit={visit} onSaved={props.canWrite ? refresh : undefined} />
      <StayBill visit={visit} category={props.category} />
      <PackageNote visit={visit} />
      {visit.status === "pulang" && (
        <StaySummary
          visit={visit}
          onFix={props.canWrite ? () => setFixing(true) : undefined}
        />
      )}
      <div
        class="dt-toolbar ipd-actions"
        id={visit.status === "pulang" ? undefined : "ringkasan-pulang"}
      >
        <a class="btn btn-light" href={visit.status !== "pulang" ? "/ipd" : "/discharge-patient"}>
          Kembali
        </a>
        <a
          class="btn btn-light"
          href={`/ipd/${encodeURIComponent(visit._id)}/print`}
          target="_blank"
        >
          Cetak
        </a>
        {open && (
          <>
            <button type="button" class="btn btn-primary" onClick={() => setForm({})}>
              Tambah Pemeriksaan
            </button>
            <button type="button" class="btn btn-danger" onClick={() => setDischarge(true)}>
              Pulang
            </button>
          </>
        )}
      </div>
      <div id="pemeriksaan" />
      <TableView
        columns={EXAM_COLUMNS}
        rows={t.rows}
        order={t.order}
        onSort={t.sortBy}
        loading={t.loading}
        cell={examCell}
        actions={open
          ? (r) => (
            <ExamButtons
              onEdit={() => setForm({ exam: r as ExamRow })}
              onDelete={() => remove(r as ExamRow)}
            />
          )
          : undefined}
      />
      <TableFooter t={t} />
      {form && (
        <ExamForm
          ipdId={visit._id}
          exam={form.exam}
          rows={t.rows as ExamRow[]}
          tariff={props.tariff}
          classtype={props.classtype}
          category={props.category}
          onClose={() => setForm(null)}
          onSaved={() => {
            setForm(null);
            t.reload();
            refresh();
          }}
        />
      )}
      {fixing && (
        <SummaryForm
          visit={visit}
          onClose={() => setFixing(false)}
          onSaved={() => {
            setFixing(false);
            refresh();
          }}
        />
      )}
      {discharge && <DischargeForm visit={visit} category={props.category} onClose={shut} />}
    </div>
  );
}
