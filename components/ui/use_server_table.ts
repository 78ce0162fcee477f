import { useEffect, useRef, useState } from "react";
import type { ColumnDef } from "../../lib/resource/resource.ts";
import type { Order } from "./TableHead.tsx";
import { accepted, alertError, get, request } from "./api.ts";

export type Row = Record<string, unknown>;

/** One answer of a DataTables server-side endpoint. */
interface TablePage {
  draw: number | string;
  data?: Row[];
  recordsTotal?: number;
  recordsFiltered?: number;
}

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
 * The DataTables server-side request of a table: extra `params` (filters), draw, paging,
 * search, ordering and each column's name. The server renders a page's first answer from the
 * same query the browser sends afterwards.
 */
export function tableQuery(columns: ColumnDef[], q: {
  draw: number;
  start: number;
  length: number;
  search?: string;
  order?: Order;
  params?: Record<string, string>;
}): URLSearchParams {
  const p = new URLSearchParams({
    ...q.params,
    draw: String(q.draw),
    start: String(q.start),
    length: String(q.length),
    "search[value]": q.search ?? "",
  });
  if (q.order && q.order[0] >= 0) {
    p.set("order[0][column]", String(q.order[0]));
    p.set("order[0][dir]", q.order[1]);
  }
  columns.forEach((c, i) => {
    p.set(`columns[${i}][data]`, c.data);
    p.set(`columns[${i}][searchable]`, String(c.searchable !== false));
    p.set(`columns[${i}][orderable]`, String(c.orderable !== false));
  });
  return p;
}

/** Runs `fill` once, when the browser is first idle, if the first rows are not the page. */
function useIdleFill(partial: boolean, fill: () => void) {
  useEffect(() => partial ? whenIdle(fill) : undefined, []);
}

/**
 * Sends a request with the table blocked: on success reloads and calls `ok` with the server's
 * message; otherwise shows 'Error!' with the status, or 'Terjadi kesalahan' when no answer came.
 */
const blockedSend =
  (setLoading: (on: boolean) => void, reload: () => void) =>
  async (url: string, init: RequestInit, ok: (msg: string) => void | Promise<void>) => {
    setLoading(true);
    try {
      const { message } = accepted(await request(url, init));
      reload();
      return await ok(message);
    } catch (e) {
      setLoading(false);
      alertError(e, "status");
    }
  };

/**
 * State of a DataTables server-side table: search (`SearchBox` waits for typing to stop), ordering, paging and
 * loading, answering out-of-order responses by `draw`. `params` are extra filters sent along
 * (a change reloads from the first page). Starts from the server-rendered first rows
 * (`firstRows`); when they are not the whole first page, the page is fetched at the browser's
 * first idle moment, without blocking the table.
 */
export function useServerTable(o: {
  api: string;
  columns: ColumnDef[];
  initial: { data: Row[]; recordsTotal: number; recordsFiltered: number };
  pageSize: number;
  params?: Record<string, string>;
  /** The ordering the server rendered the first page with (default: first sortable, asc). */
  order?: Order;
}) {
  const firstSort = o.columns.findIndex((c) => c.orderable !== false);
  const [rows, setRows] = useState(o.initial.data);
  const [total, setTotal] = useState(o.initial.recordsTotal);
  const [filtered, setFiltered] = useState(o.initial.recordsFiltered);
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(0);
  const [length, setLength] = useState(o.pageSize);
  const [order, setOrder] = useState<Order>(o.order ?? [firstSort, "asc"]);
  const [tick, setTick] = useState(0);
  const [loading, setLoading] = useState(false);
  const draw = useRef(0);
  const mounted = useRef(false);
  const quiet = useRef(false);
  const extra = JSON.stringify(o.params ?? {});
  const reload = () => setTick((t) => t + 1);

  useEffect(() => {
    if (mounted.current) setPage(0);
  }, [extra]);

  useIdleFill(o.initial.data.length < Math.min(o.pageSize, o.initial.recordsFiltered), () => {
    if (draw.current) return; // the user already asked for another page
    quiet.current = true;
    reload();
  });

  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    const n = ++draw.current;
    const p = tableQuery(o.columns, {
      draw: n,
      start: page * length,
      length,
      search,
      order,
      params: o.params,
    });
    if (!quiet.current) setLoading(true);
    quiet.current = false;
    (async () => {
      try {
        const d = await get<TablePage>(`${o.api}?${p}`);
        if (n !== draw.current || Number(d.draw) !== n) return;
        setRows(d.data ?? []);
        setTotal(d.recordsTotal ?? 0);
        setFiltered(d.recordsFiltered ?? 0);
        setLoading(false);
        if (!d.data?.length && page > 0 && (d.recordsFiltered ?? 0) > 0) {
          setPage(Math.ceil(d.recordsFiltered! / length) - 1);
        }
      } catch (e) {
        if (n !== draw.current) return;
        setLoading(false);
        alertError(e);
      }
    })();
  }, [page, length, search, order, tick, extra]);

  return {
    rows,
    total,
    filtered,
    search,
    /** Searches (from the first page) for what `SearchBox` hands on. */
    setSearch: (q: string) => {
      setSearch(q);
      setPage(0);
    },
    page,
    setPage,
    length,
    setLength: (n: number) => {
      setLength(n);
      setPage(0);
    },
    order,
    sortBy: (i: number) => {
      setOrder(([c, d]) => [i, c === i && d === "asc" ? "desc" : "asc"]);
      setPage(0);
    },
    loading,
    setLoading,
    reload,
    /** Sends a request with the table blocked (see `blockedSend`). */
    send: blockedSend(setLoading, reload),
  };
}
