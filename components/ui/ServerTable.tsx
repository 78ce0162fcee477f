import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "react";
import type { ColumnDef } from "../../lib/resource/resource.ts";
import { Blocker } from "./Blocker.tsx";
import { formatNumber } from "../../lib/format.ts";
import { Pagination } from "./Pagination.tsx";
import { alignClass, type Order, TableHead } from "./TableHead.tsx";
import type { Row } from "./use_server_table.ts";

/**
 * The table's search box. It keeps what is typed itself and hands it on (`onSearch`) once typing
 * has stopped for 500 ms, so a keystroke redraws the box alone, not the table's 100 rows (a slow
 * PC would lag behind the typing).
 */
export function SearchBox({ id, onSearch }: {
  id: string;
  onSearch: (q: string) => void;
}) {
  const [q, setQ] = useState("");
  const sent = useRef("");
  useEffect(() => {
    if (q === sent.current) return;
    const t = setTimeout(() => {
      sent.current = q;
      onSearch(q);
    }, 500);
    return () => clearTimeout(t);
  }, [q]);
  return (
    <div class="dt-search-box">
      <label for={id}>Cari</label>
      <input
        id={id}
        class="dt-search"
        type="search"
        value={q}
        autoComplete="off"
        onInput={(e) => setQ(e.currentTarget.value)}
      />
    </div>
  );
}

/**
 * Rows of a first page drawn with the page (server-rendered and hydrated): a screenful at
 * 1366x768 (9 stays, 9 codes). The rest of that page follows at the browser's first idle moment
 * (in one step: the table is laid out again whole at each step), so a slow PC shows the page,
 * and answers its search box, sooner.
 */
export const FIRST_ROWS = 12;

/** Runs `f` when the browser is idle (within 200 ms), or after a short timer without that API. */
function whenIdle(f: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(f, { timeout: 200 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(f, 20);
  return () => clearTimeout(id);
}

/**
 * The rows to draw: of the page the table started with, the first `FIRST_ROWS`, then all once
 * the browser is idle; any later page (search, paging, reload) is drawn whole.
 */
function useShownRows(rows: Row[]): Row[] {
  const first = useRef(rows);
  const [all, setAll] = useState(false);
  const pending = rows === first.current && !all && rows.length > FIRST_ROWS;
  useEffect(() => {
    if (pending) return whenIdle(() => setAll(true));
  }, [pending]);
  return pending ? rows.slice(0, FIRST_ROWS) : rows;
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
  const shown = useShownRows(rows);
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
          {shown.length
            ? shown.map((r, k) => (
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
