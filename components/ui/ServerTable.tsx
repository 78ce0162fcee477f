import type { ComponentChildren } from "preact";
import type { ColumnDef } from "../../lib/resource.ts";
import { Blocker } from "./Blocker.tsx";
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
 * 'Tidak ada data'), blocked with 'Processing...' while loading.
 */
export function TableView({ columns, rows, order, onSort, loading, cell, actions }: {
  columns: ColumnDef[];
  rows: Row[];
  order: Order;
  onSort: (column: number) => void;
  loading: boolean;
  cell: (c: ColumnDef, row: Row) => ComponentChildren;
  actions: (row: Row) => ComponentChildren;
}) {
  return (
    <div class="dt-wrap blockable" aria-busy={loading ? "true" : undefined}>
      <table class="dt-table">
        <TableHead columns={columns} order={order} onSort={onSort} extra="Aksi" />
        <tbody>
          {rows.length
            ? rows.map((r, k) => (
              <tr key={String(r._id ?? k)}>
                {columns.map((c, i) => <td key={i} class={alignClass(c)}>{cell(c, r)}</td>)}
                <td class="actions">{actions(r)}</td>
              </tr>
            ))
            : (
              <tr>
                <td colSpan={columns.length + 1} class="dt-empty">Tidak ada data</td>
              </tr>
            )}
        </tbody>
      </table>
      <Blocker active={loading} />
    </div>
  );
}
