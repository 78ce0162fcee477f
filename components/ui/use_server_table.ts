import { useEffect, useRef, useState } from "react";
import type { ColumnDef } from "../../lib/resource/resource.ts";
import type { Order } from "./TableHead.tsx";
import { alertDialog } from "./Dialog.tsx";
import { tableQuery } from "../../lib/resource/datatables.ts";

export type Row = Record<string, unknown>;

/** Runs `f` when the browser is idle (within 200 ms), or after a short timer without that API. */
function whenIdle(f: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(f, { timeout: 200 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(f, 20);
  return () => clearTimeout(id);
}

/** The message of a failed response: its JSON `message`, else its text. */
export async function messageOf(res: Response): Promise<string> {
  const t = await res.text().catch(() => "");
  try {
    return JSON.parse(t).message ?? t;
  } catch {
    return t || res.statusText;
  }
}

export { tableQuery };

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

  useEffect(() => {
    const { data, recordsFiltered } = o.initial;
    if (data.length >= Math.min(o.pageSize, recordsFiltered)) return;
    return whenIdle(() => {
      if (draw.current) return; // the user already asked for another page
      quiet.current = true;
      reload();
    });
  }, []);

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
        const res = await fetch(`${o.api}?${p}`);
        if (!res.ok) {
          const msg = await messageOf(res);
          if (n !== draw.current) return;
          setLoading(false);
          await alertDialog("Error!", `Terjadi kesalahan: ${msg}`, "error");
          if (res.status === 401) location.href = "/auth/login";
          return;
        }
        const d = await res.json();
        if (n !== draw.current || Number(d.draw) !== n) return;
        setRows(d.data ?? []);
        setTotal(d.recordsTotal ?? 0);
        setFiltered(d.recordsFiltered ?? 0);
        setLoading(false);
        if (!d.data?.length && page > 0 && d.recordsFiltered > 0) {
          setPage(Math.ceil(d.recordsFiltered / length) - 1);
        }
      } catch (e) {
        if (n !== draw.current) return;
        setLoading(false);
        alertDialog("Error!", `Terjadi kesalahan: ${(e as Error).message}`, "error");
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
    /**
     * Sends a request with the table blocked: on 200 reloads and calls `ok` with the server's
     * message; otherwise shows 'Error!' with the status, or 'Terjadi kesalahan' when it failed.
     */
    send: async (url: string, init: RequestInit, ok: (msg: string) => void | Promise<void>) => {
      setLoading(true);
      try {
        const res = await fetch(url, init);
        const msg = await messageOf(res);
        if (res.status === 200) {
          reload();
          return await ok(msg);
        }
        setLoading(false);
        alertDialog("Error!", `Status ${res.status}: ${msg}`, "error");
      } catch {
        setLoading(false);
        alertDialog("Error!", "Terjadi kesalahan", "error");
      }
    },
  };
}
