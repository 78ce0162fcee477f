import type { ComponentChildren } from "preact";
import { useState } from "react";
import { formatNumber } from "../../lib/format.ts";
import { SearchBox, TableFooter, TableView } from "../ui/ServerTable.tsx";
import { useServerTable } from "../ui/use_server_table.ts";
import { visitCell, visitRowClass } from "./cells.tsx";
import {
  DISCHARGE_COLUMNS,
  type Filters,
  LIST_API,
  LIST_PAGE,
  type ListMode,
  VISIT_COLUMNS,
  type VisitRow,
} from "../../lib/ipd/columns.ts";
import { FilterBar } from "./Filters.tsx";
import { VisitDetail } from "./VisitDetail.tsx";
import { type UrlListProps, useUrlFilters } from "../ui/use_url_filters.ts";

/** Props of a stay list island (`canWrite`: add, edit, delete, discharge and cancel). */
export type VisitListProps = UrlListProps<Filters>;

/** The list state: filters (kept in the address bar too) and the server table. */
export function useVisitList(mode: ListMode, props: VisitListProps) {
  const { filters, labels, query, error, change } = useUrlFilters(props);
  const columns = mode === "pulang" ? DISCHARGE_COLUMNS : VISIT_COLUMNS;
  const t = useServerTable({
    api: LIST_API[mode].api,
    columns,
    initial: props.initial,
    pageSize: LIST_PAGE,
    params: filters as Record<string, string>,
    order: [0, "asc"],
  });
  return {
    mode,
    t,
    columns,
    filters,
    labels,
    error,
    exportUrl: `${LIST_API[mode].file}?${query}`,
    setFilters: change,
  };
}

const always = () => true;

export type VisitListState = ReturnType<typeof useVisitList>;

/** A stay list with its filters and detail modal; `actions` renders a row's buttons. */
export function VisitList({ v, actions, tools }: {
  v: VisitListState;
  actions: (row: VisitRow, detail: () => void) => ComponentChildren;
  tools?: ComponentChildren;
}) {
  const { t, mode } = v;
  const [detail, setDetail] = useState<VisitRow | null>(null);
  return (
    <div class="dt ipd-list">
      <FilterBar mode={mode} filters={v.filters} labels={v.labels} onChange={v.setFilters} />
      {v.error && <p class="alert alert-danger" role="alert">{v.error}</p>}
      <div class="dt-toolbar">
        <p class="ipd-total">
          Total: <strong data-total>{formatNumber(t.filtered)}</strong>{" "}
          {mode === "pulang" ? "pasien pulang" : "kunjungan"}
        </p>
        <SearchBox id={`${mode}-q`} onSearch={t.setSearch} onTyping={t.typing} />
        <a class="btn btn-light" href={v.exportUrl} download>Unduh Excel</a>
        {tools}
      </div>
      <TableView
        columns={v.columns}
        table={t}
        cell={visitCell}
        plain={always}
        rowClass={visitRowClass}
        actions={(r) => actions(r as VisitRow, () => setDetail(r as VisitRow))}
      />
      <TableFooter t={t} />
      <VisitDetail visit={detail} onClose={() => setDetail(null)} />
    </div>
  );
}
