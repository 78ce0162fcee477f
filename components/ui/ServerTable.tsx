import type { ComponentChildren } from "preact";
import type { ColumnDef } from "../../lib/resource/resource.ts";
import { Blocker } from "./Blocker.tsx";
import { formatNumber } from "../../lib/format.ts";
import { Pagination } from "./Pagination.tsx";
import { alignClass, type Order, TableHead } from "./TableHead.tsx";
import type { Row } from "./use_server_table.ts";

/** The table's search box (the 500 ms delay lives in `useServerTable`). */
export function SearchBox({ id, value, onInput }: {
  id: string;
  value: string;
  onInput: (q: string) => void;
}) {
  return (
    <div class="dt-search-box">
      <label for={id}>Cari</label>
      <input
        id={id}
        class="dt-search"
        type="search"
        value={value}
        autoComplete="off"
        onInput={(e) => onInput(e.currentTarget.value)}
      />
    </div>
  );
}

/**
 * A server-side table's grid: sortable head, one row per record with its action buttons (or
 * 'Tidak ada data'), blocked with 'Processing...' while loading. Without `actions` there is
 * no 'Aksi' column; `rowClass` gives a row its class (e.g. a highlighted state).
 */
export function TableView({ columns, rows, order, onSort, loading, cell, actions, rowClass }: {
  columns: ColumnDef[];
  rows: Row[];
  order: Order;
  onSort: (column: number) => void;
  loading: boolean;
  cell: (c: ColumnDef, row: Row) => ComponentChildren;
  actions?: (row: Row) => ComponentChildren;
  rowClass?: (row: Row) => string | undefined;
}) {
  return (
    <div class="dt-wrap blockable" aria-busy={loading ? "true" : undefined}>
      <table class="dt-table">
        <TableHead
          columns={columns}
          order={order}
          onSort={onSort}
          extra={actions ? "Aksi" : undefined}
        />
        <tbody>
          {rows.length
            ? rows.map((r, k) => (
              <tr key={String(r._id ?? k)} class={rowClass?.(r)}>
                {columns.map((c, i) => <td key={i} class={alignClass(c)}>{cell(c, r)}</td>)}
                {actions && <td class="actions">{actions(r)}</td>}
              </tr>
            ))
            : (
              <tr>
                <td colSpan={columns.length + (actions ? 1 : 0)} class="dt-empty">
                  Tidak ada data
                </td>
              </tr>
            )}
        </tbody>
      </table>
      <Blocker active={loading} />
    </div>
  );
}

/** Under a table: 'Menampilkan x sampai y dari n data (disaring dari m data)' and the pager. */
export function TableFooter({ t }: {
  /** The table's state (from `useServerTable`). */
  t: {
    page: number;
    length: number;
    rows: unknown[];
    filtered: number;
    total: number;
    setPage: (page: number) => void;
  };
}) {
  const { page, length, filtered, total } = t;
  const shown = t.rows.length;
  const from = filtered ? page * length + 1 : 0;
  return (
    <div class="dt-footer">
      <div class="dt-info">
        {`Menampilkan ${formatNumber(from)} sampai ${formatNumber(page * length + shown)} ` +
          `dari ${formatNumber(filtered)} data` +
          (filtered !== total ? ` (disaring dari ${formatNumber(total)} data)` : "")}
      </div>
      <Pagination
        page={page}
        count={Math.max(1, Math.ceil(filtered / length))}
        onPage={t.setPage}
      />
    </div>
  );
}
