import { useState } from "react";
import { alertDeleted, confirmDelete } from "../components/ui/Dialog.tsx";
import { alertError, get } from "../components/ui/api.ts";
import { RowButton, TableFooter, TableView } from "../components/ui/ServerTable.tsx";
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
import { StaySummary } from "../components/ipd/StaySummary.tsx";
import { followFinding, useFindingLinks } from "../components/ipd/finding_links.ts";

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

function ExamButtons({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <RowButton onClick={onEdit}>Edit</RowButton>
      <RowButton danger onClick={onDelete}>Hapus</RowButton>
    </>
  );
}

/** The stay page's toolbar: back, print, and while admitted, add an examination or discharge. */
function StayActions({ visit, open, onAdd, onDischarge }: {
  visit: VisitRow;
  open: boolean;
  onAdd: () => void;
  onDischarge: () => void;
}) {
  const discharged = visit.status === "pulang";
  return (
    <div class="dt-toolbar ipd-actions" id={discharged ? undefined : "ringkasan-pulang"}>
      <a class="btn btn-light" href={discharged ? "/discharge-patient" : "/ipd"}>Kembali</a>
      <a class="btn btn-light" href={`/ipd/${encodeURIComponent(visit._id)}/print`} target="_blank">
        Cetak
      </a>
      {open && (
        <>
          <button type="button" class="btn btn-primary" onClick={onAdd}>Tambah Pemeriksaan</button>
          <button type="button" class="btn btn-danger" onClick={onDischarge}>Pulang</button>
        </>
      )}
    </div>
  );
}

/** The stay and its readiness, read again (`refresh`) after every write on the page. */
function useStay(props: IpdExamsProps) {
  const [visit, setVisit] = useState(props.visit);
  const [claim, setClaim] = useState(props.claim);
  const api = `/api/ipd/${encodeURIComponent(visit._id)}`;
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
  return { visit, claim, refresh, api };
}

/** One stay (`/ipd/{id}`): readiness, header, bill, examinations (add/edit/delete), discharge. */
export default function IpdExams(props: IpdExamsProps) {
  const { visit, claim, refresh, api } = useStay(props);
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

  useFindingLinks((anchor) =>
    followFinding(anchor, {
      discharged: visit.status === "pulang",
      open,
      canWrite: props.canWrite,
      hasExam: t.rows.length > 0,
      fixSummary: () => setFixing(true),
      discharge: () => setDischarge(true),
      editExam: (latest) => setForm(latest ? { exam: (t.rows as ExamRow[]).at(-1) } : {}),
    })
  );

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
          fixing={fixing}
          canWrite={props.canWrite}
          onFix={setFixing}
          onSaved={refresh}
        />
      )}
      <StayActions
        visit={visit}
        open={open}
        onAdd={() => setForm({})}
        onDischarge={() => setDischarge(true)}
      />
      <div id="pemeriksaan" />
      <TableView
        columns={EXAM_COLUMNS}
        table={t}
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
      {discharge && <DischargeForm visit={visit} category={props.category} onClose={shut} />}
    </div>
  );
}
