import { useEffect, useRef, useState } from "react";
import type { ColumnDef } from "../../lib/resource/resource.ts";
import { tableQuery } from "../../lib/resource/datatables.ts";
import type { Order } from "./TableHead.tsx";
import { accepted, alertError, get, request } from "./api.ts";

export type Row = Record<string, unknown>;

/** How long typing must stop before the search is sent (ms). */
export const SEARCH_DELAY = 500;

/** One answer of a DataTables server-side endpoint. */
interface TablePage {
  draw: number | string;
  data?: Row[];
  recordsTotal?: number;
  recordsFiltered?: number;
  /** The count stopped early: at least `recordsFiltered` match. */
  recordsCapped?: boolean;
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

/** Fetches the rest of a `partial` first page when first idle, after any search typed is due. */
function useIdleFill(
  partial: boolean,
  draw: { current: number },
  quiet: { current: boolean },
  reload: () => void,
): (at: number) => void {
  const typedAt = useRef(-Infinity);
  const fill = () => {
    if (draw.current) return; // the user already asked for another page
    const wait = typedAt.current + SEARCH_DELAY + 50 - performance.now();
    if (wait > 0) return void setTimeout(fill, wait);
    quiet.current = true; // no 'Processing...' over the rows already shown
    reload();
  };
  useEffect(() => partial ? whenIdle(fill) : undefined, []);
  return (at) => {
    typedAt.current = at;
  };
}

/** Sends with the table blocked: reloads and calls `ok(message)`, or shows 'Error!' ("status"). */
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

/** A DataTables server-side table's state from the server's first rows; `params`: extra filters. */
export function useServerTable(o: {
  api: string;
  columns: ColumnDef[];
  initial: { data: Row[]; recordsTotal: number; recordsFiltered: number; recordsCapped?: boolean };
  pageSize: number;
  params?: Record<string, string>;
  /** The ordering the server rendered the first page with (default: first sortable, asc). */
  order?: Order;
}) {
  const firstSort = o.columns.findIndex((c) => c.orderable !== false);
  const [answer, setAnswer] = useState<TablePage>({ draw: 0, ...o.initial });
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

  const partial = o.initial.data.length < Math.min(o.pageSize, o.initial.recordsFiltered);
  const typing = useIdleFill(partial, draw, quiet, reload);

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
        setAnswer(d);
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
    rows: answer.data ?? [],
    total: answer.recordsTotal ?? 0,
    filtered: answer.recordsFiltered ?? 0,
    /** The server stopped counting: at least `filtered` rows match. */
    capped: !!answer.recordsCapped,
    /** Told by `SearchBox` when text was typed (`performance.now()` time). */
    typing,
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
    send: blockedSend(setLoading, reload),
  };
}
