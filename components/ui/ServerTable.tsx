import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "react";
import type { ColumnDef } from "../../lib/resource/resource.ts";
import { Blocker } from "./Blocker.tsx";
import { formatNumber } from "../../lib/format.ts";
import { Pagination } from "./Pagination.tsx";
import { alignClass, type Order, TableHead } from "./TableHead.tsx";
import { type Row, SEARCH_DELAY, type useServerTable } from "./use_server_table.ts";

/** A row's small button, light or `danger`. */
export const RowButton = ({ danger, onClick, children }: {
  danger?: boolean;
  onClick: () => void;
  children: ComponentChildren;
}) => (
  <button
    type="button"
    class={`btn btn-sm ${danger ? "btn-danger" : "btn-light"}`}
    onClick={onClick}
  >
    {children}
  </button>
);

/** Rows a table draws in the first frame after an answer: a screenful at 1366x768. */
const STEP = 12;
/** A keydown older than this (ms) is not the keystroke an input event announces (a paste). */
const KEY_AGE = 1_000;

/** A search box: keeps its text (a keystroke redraws it alone), hands it on 500 ms after it. */
export function SearchBox({ id, onSearch, onTyping }: {
  id: string;
  onSearch: (q: string) => void;
  /** Told at each keystroke (its `performance.now()` time). */
  onTyping?: (at: number) => void;
}) {
  const [q, setQ] = useState({ text: "", at: 0 });
  const sent = useRef("");
  useEffect(() => {
    if (q.text === sent.current) return;
    const t = setTimeout(() => {
      sent.current = q.text;
      onSearch(q.text);
    }, Math.max(0, SEARCH_DELAY - (performance.now() - q.at)));
    return () => clearTimeout(t);
  }, [q]);
  // the keystroke's own time: a busy page may run its input handler tens of ms later
  const key = useRef(0);
  const typed = (el: HTMLInputElement) => {
    const now = performance.now();
    const at = Number(el.dataset.typedAt) || (now - key.current < KEY_AGE ? key.current : now);
    key.current = 0;
    delete el.dataset.typedAt;
    onTyping?.(at);
    setQ({ text: el.value, at });
  };
  return (
    <div class="dt-search-box">
      <label for={id}>Cari</label>
      <input
        id={id}
        class="dt-search"
        type="search"
        value={q.text}
        autoComplete="off"
        onKeyDown={(e) => key.current = e.timeStamp}
        onInput={(e) => typed(e.currentTarget)}
      />
    </div>
  );
}

/** The rows to draw: the server's at once; an answer's first `STEP`, the rest after a paint. */
function useInSteps<T>(rows: T[]): T[] {
  const [drawn, setDrawn] = useState({ rows, n: rows.length });
  const n = drawn.rows === rows ? drawn.n : Math.min(rows.length, STEP);
  // an effect runs after its frame is painted
  useEffect(() => {
    if (n < rows.length) setDrawn({ rows, n: rows.length });
  }, [rows, n]);
  return n < rows.length ? rows.slice(0, n) : rows;
}

/** Whether an island is being hydrated now (set by lib/client/hydrate.ts around `hydrate`). */
const hydrating = () =>
  (globalThis as { __casemixHydrating?: boolean }).__casemixHydrating === true;

/** A cell kept as the server drew it: Preact neither walks nor replaces its children. */
const KEPT = { __html: "" };

/** The rows hydrated with, whose `plain` cells stay as the server drew them (hydration's cost). */
function useServed(rows: Row[], columns: ColumnDef[], plain?: (c: ColumnDef) => boolean) {
  const [served] = useState(() =>
    plain && hydrating() ? { rows: new Set(rows), columns, plain } : null
  );
  return served?.columns === columns ? served : null;
}

/** A server-side table's grid and its `actions` column; `plain` columns: see `useServed`. */
export function TableView(
  {
    columns,
    table: { rows: all, order, sortBy: onSort = () => {}, loading },
    cell,
    actions,
    rowClass,
    plain,
  }: {
    columns: ColumnDef[];
    /** The rows shown, their order and whether more are loading (`useServerTable`'s state). */
    table: { rows: Row[]; order: Order; sortBy?: (column: number) => void; loading: boolean };
    cell: (c: ColumnDef, row: Row) => ComponentChildren;
    actions?: (row: Row) => ComponentChildren;
    rowClass?: (row: Row) => string | undefined;
    plain?: (c: ColumnDef) => boolean;
  },
) {
  const rows = useInSteps(all);
  const served = useServed(all, columns, plain);
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
                {columns.map((c, i) =>
                  served?.rows.has(r) && served.plain(c)
                    ? <td key={i} class={alignClass(c)} dangerouslySetInnerHTML={KEPT} />
                    : <td key={i} class={alignClass(c)}>{cell(c, r)}</td>
                )}
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
export function TableFooter({ t }: { t: ReturnType<typeof useServerTable> }) {
  const { page, length, filtered, total } = t;
  const from = filtered ? page * length + 1 : 0;
  // a first page still being completed (see `useServerTable`) reads as the whole page
  const to = Math.min((page + 1) * length, filtered);
  return (
    <div class="dt-footer">
      <div class="dt-info">
        {`Menampilkan ${formatNumber(from)} sampai ${formatNumber(to)} ` +
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
