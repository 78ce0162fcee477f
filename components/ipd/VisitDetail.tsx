import type { ComponentChildren } from "preact";
import { useEffect, useState } from "react";
import { READMISSION_REASONS } from "../../lib/ipd/model.ts";
import { formatDateTime, formatMoney } from "../../lib/format.ts";
import { Modal } from "../ui/Modal.tsx";
import { TableView } from "../ui/ServerTable.tsx";
import type { Row } from "../ui/use_server_table.ts";
import { tableQuery } from "../../lib/resource/datatables.ts";
import { errorText, get } from "../ui/api.ts";
import { Percent } from "./cells.tsx";
import { EXAM_COLUMNS, type VisitRow } from "../../lib/ipd/columns.ts";
import { examCell } from "./exam_cells.tsx";
import { claimFacts } from "./claim_fields.tsx";
import { hasExams, packageFacts } from "./package_view.tsx";

const GENDER: Record<string, string> = { L: "Laki-laki", P: "Perempuan" };

function Item({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children || "-"}</dd>
    </>
  );
}

const Part = ({ title, children }: { title: string; children: ComponentChildren }) => (
  <section>
    <h3>{title}</h3>
    <dl class="detail-grid">{children}</dl>
  </section>
);

async function examsOf(id: string): Promise<Row[]> {
  const q = tableQuery(EXAM_COLUMNS, { draw: 1, start: 0, length: 1000, order: [0, "asc"] });
  return (await get<{ data?: Row[] }>(`/api/ipd/${encodeURIComponent(id)}/details?${q}`)).data ??
    [];
}

/** The detail view of a stay: patient, doctors, care status, ER criterion, examinations. */
export function VisitDetail(
  { visit: v, onClose }: { visit: VisitRow | null; onClose: () => void },
) {
  const [exams, setExams] = useState<Row[] | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    setExams(null);
    setError("");
    if (v) examsOf(v._id).then(setExams, (e) => setError((e as Error).message));
  }, [v?._id]);
  return (
    <Modal open={!!v} title="Detail Kunjungan" onClose={onClose} size="lg">
      {v && (
        <div class="visit-detail">
          <Part title="Data Pasien">
            <Item label="Nama">{v.pasien?.fullname}</Item>
            <Item label="No. ERM">{v.pasien?.erm}</Item>
            <Item label="Jenis Kelamin">{GENDER[v.pasien?.gender] ?? v.pasien?.gender}</Item>
            <Item label="Tanggal Masuk">{formatDateTime(v.visitDate)}</Item>
            <Item label="Asal">{v.asal}</Item>
            <Item label="Ruang">{v.room?.name}</Item>
            <Item label="Indikasi Rawat">{v.indicationranap?.desc}</Item>
            <Item label="Diagnosa Awal">{v.diagnosis_awal}</Item>
            <Item label="Readmisi">
              {v.readmisi
                ? `Ya - ${READMISSION_REASONS[v.readmisi_reason] ?? v.readmisi_reason}`
                : "Tidak"}
            </Item>
            <Item label="Lama Rawat">{`${v.lama_rawat ?? "-"} Hari`}</Item>
            {v.status === "pulang" && (
              <>
                <Item label="Tanggal Pulang">{formatDateTime(v.tanggal_pulang)}</Item>
                <Item label="Cara Pulang">{v.dischargepatient?.desc}</Item>
              </>
            )}
          </Part>
          <Part title="Data Klaim">
            {claimFacts(v).map(([t, d]) => <Item key={t} label={t}>{d}</Item>)}
          </Part>
          <Part title="Dokter">
            <Item label="Dokter IGD">{v.igd?.fullname}</Item>
            <Item label="DPJP">{v.dpjp?.fullname}</Item>
          </Part>
          <Part title="Status Rawat dan Kriteria IGD">
            <Item label="Status Rawat">
              {v.episode && <TitleDesc title={v.episode.title} desc={v.episode.desc} />}
            </Item>
            <Item label="Kriteria IGD">
              {v.criteria && <TitleDesc title={v.criteria.title} desc={v.criteria.desc} />}
            </Item>
          </Part>
          <Part title="Tarif">
            <Item label="Total INA-CBG">
              {(hasExams(v) || !!v.paket_sumber) && formatMoney(v.tarifInaTotal)}
            </Item>
            {packageFacts(v).map(([t, d]) => <Item key={t} label={t}>{d}</Item>)}
            <Item label="Total RS">{hasExams(v) && formatMoney(v.tarifRsTotal)}</Item>
            <Item label="Analisa">
              <Percent value={v.percentageTotal} where="list" />
            </Item>
          </Part>
          <section>
            <h3>Pemeriksaan</h3>
            {error ? <p class="alert alert-danger">{errorText(error)}</p> : (
              <TableView
                columns={EXAM_COLUMNS.map((c) => ({ ...c, orderable: false }))}
                table={{ rows: exams ?? [], order: [-1, "asc"], loading: !exams }}
                cell={examCell}
              />
            )}
          </section>
        </div>
      )}
    </Modal>
  );
}

function TitleDesc({ title, desc }: { title: string; desc: string }) {
  return (
    <>
      <strong>{title}</strong>
      {desc && <span class="muted desc-line">{desc}</span>}
    </>
  );
}
