import { useEffect, useState } from "react";
import { formatNumber } from "../lib/format.ts";
import { SearchBox, TableFooter, TableView } from "../components/ui/ServerTable.tsx";
import { useServerTable } from "../components/ui/use_server_table.ts";
import {
  CLAIMS_CHANGED,
  EKLAIM_OPEN,
  KLAIM_COLUMNS,
  KLAIM_ORDER,
  KLAIM_PAGE,
  type KlaimFilters,
  type KlaimRow,
} from "../lib/claim/columns.ts";
import { klaimCell } from "../components/claim/klaim_cells.tsx";
import { KlaimFilterBar, type RuleOption } from "../components/claim/KlaimFilters.tsx";
import { StatusDialog } from "../components/claim/StatusDialog.tsx";
import { type UrlListProps, useUrlFilters } from "../components/ui/use_url_filters.ts";

const always = () => true;

/** 'Ubah Status', greyed out with the reason in text while E-Klaim has no claim for the stay. */
function StatusButton({ r, onClick }: { r: KlaimRow; onClick: () => void }) {
  const off = r.status === "belum";
  const why = `klaim-why-${r._id}`;
  return (
    <>
      <button
        type="button"
        class="btn btn-sm btn-light"
        onClick={onClick}
        disabled={off}
        aria-describedby={off ? why : undefined}
      >
        Ubah Status
      </button>
      {off && <small class="muted klaim-why" id={why}>Impor E-Klaim dahulu</small>}
    </>
  );
}

/** Props of the Klaim list (`canWrite`: the status change). */
export interface KlaimListProps extends UrlListProps<KlaimFilters> {
  /** Casemix and admin: each row opens its claim in E-Klaim (islands/EklaimBridge). */
  canEklaim?: boolean;
  rules: RuleOption[];
}

/** The Klaim list (`/klaim`): discharged stays, claim status, filters, export, status change. */
export default function KlaimList(props: KlaimListProps) {
  const { filters, labels, query, error, change } = useUrlFilters(props);
  const [editing, setEditing] = useState<KlaimRow | null>(null);
  const t = useServerTable({
    api: "/api/klaim",
    columns: KLAIM_COLUMNS,
    initial: props.initial,
    pageSize: KLAIM_PAGE,
    params: filters as Record<string, string>,
    order: KLAIM_ORDER,
  });
  useEffect(() => {
    const reload = () => t.reload();
    addEventListener(CLAIMS_CHANGED, reload);
    return () => removeEventListener(CLAIMS_CHANGED, reload);
  }, []);
  return (
    <div class="dt klaim-list">
      <KlaimFilterBar filters={filters} labels={labels} rules={props.rules} onChange={change} />
      {error && <p class="alert alert-danger" role="alert">{error}</p>}
      <div class="dt-toolbar">
        <p class="ipd-total">
          Total: <strong data-total>{formatNumber(t.filtered)}</strong> pasien pulang
        </p>
        <SearchBox id="klaim-q" onSearch={t.setSearch} onTyping={t.typing} />
        <a class="btn btn-light" href={`/api/klaim/export?${query}`} download>Unduh Excel</a>
      </div>
      <TableView
        columns={KLAIM_COLUMNS}
        table={t}
        cell={klaimCell}
        plain={always}
        actions={props.canWrite
          ? (r) => (
            <>
              <StatusButton r={r as KlaimRow} onClick={() => setEditing(r as KlaimRow)} />
              {props.canEklaim && <EklaimButton row={r as KlaimRow} />}
            </>
          )
          : undefined}
      />
      <TableFooter t={t} />
      {props.canWrite && (
        <StatusDialog
          row={editing}
          onClose={() => setEditing(null)}
          onSaved={t.reload}
        />
      )}
    </div>
  );
}

/** A row's 'E-Klaim': its claim opens in the page's E-Klaim dialog (islands/EklaimBridge). */
const EklaimButton = ({ row }: { row: KlaimRow }) => (
  <button
    type="button"
    class="btn btn-sm btn-light"
    data-eklaim-open={row._id}
    aria-label={`E-Klaim ${row.pasien.fullname}`}
    onClick={() =>
      dispatchEvent(
        new CustomEvent(EKLAIM_OPEN, { detail: { id: row._id, name: row.pasien.fullname } }),
      )}
  >
    E-Klaim
  </button>
);
