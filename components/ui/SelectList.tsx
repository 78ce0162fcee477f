import { useEffect, useRef, useState } from "react";
import { get } from "./api.ts";
import type { EmptyReason } from "../../lib/resource/resource.ts";

/** One option, as select2 endpoints return it. */
export interface Option {
  id: string;
  text: string;
  /** A second line under the text (an ICD code's Indonesian name); never the chosen value. */
  note?: string;
}

/** Where a select's rows come from: a select2-style endpoint and extra query parameters. */
interface RowSource {
  url?: string;
  params?: Record<string, string>;
}

/** One page of what a select2-style endpoint finds for `q`. */
async function optionPage(p: RowSource, q: string, page: number) {
  const url = new URL(p.url!, location.href);
  url.searchParams.set("q", q);
  url.searchParams.set("page", String(page));
  for (const [k, v] of Object.entries(p.params ?? {})) url.searchParams.set(k, v);
  const d = await get<
    { results?: Option[]; pagination?: { more?: boolean }; empty?: EmptyReason }
  >(url);
  const rows: Option[] = (d.results ?? []).map((o) => ({
    id: String(o.id),
    text: String(o.text),
    ...o.note ? { note: String(o.note) } : {},
  }));
  return { rows, more: !!d.pagination?.more, empty: d.empty ?? null };
}

/** Why the select offers nothing, as last said (asked once if `check`; `told` by first pages). */
export function useEmptyReason(p: RowSource, check: boolean) {
  const [reason, setReason] = useState<EmptyReason | null>(null);
  const paramKey = JSON.stringify(p.params ?? {});
  useEffect(() => {
    if (!check || !p.url) return;
    let live = true;
    optionPage(p, "", 1).then((got) => live && setReason(got.empty))
      .catch((e) => console.error(e));
    return () => {
      live = false;
    };
  }, [check, p.url, paramKey]);
  return { reason, told: (r: EmptyReason | null) => setReason(r) };
}

/** An open select's rows from `url` (pages 1..`page` of `q`); `stop()` drops one on its way. */
export function useRemoteRows(
  p: RowSource,
  at: { open: boolean; q: string; page: number; key: string },
  /** `empty`: the server's reason with a first page (undefined with a later page). */
  arrived: (key: string, rows: Option[], empty?: EmptyReason | null) => void,
  lost: (key: string) => void,
) {
  const [items, setItems] = useState<Option[]>([]);
  /** The query (`keyOf`) whose rows `items` are. */
  const [shownFor, setShownFor] = useState<string | null>(null);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const seq = useRef(0);
  // read by key events and late answers, which may come before the next render
  const shown = useRef<{ key: string | null; items: Option[] }>({ key: null, items: [] });
  const showRows = (key: string | null, rows: Option[]) => {
    shown.current = { key, items: rows };
    setItems(rows);
    setShownFor(key);
  };
  const { open, q, page, key } = at;
  useEffect(() => {
    if (!open || !p.url) return;
    const n = ++seq.current;
    setLoading(true);
    setFailed(false);
    const t = setTimeout(async () => {
      try {
        const got = await optionPage(p, q, page);
        if (n !== seq.current) return;
        const rows = page > 1 ? [...shown.current.items, ...got.rows] : got.rows;
        showRows(key, rows);
        setMore(got.more);
        setLoading(false);
        arrived(key, rows, page === 1 ? got.empty : undefined);
      } catch (e) {
        if (n !== seq.current) return;
        console.error(e);
        lost(key);
        setFailed(true);
        setMore(false);
        setLoading(false);
      }
    }, page === 1 && q ? 250 : 0);
    return () => clearTimeout(t);
  }, [open, q, page, key]);
  const stop = () => {
    seq.current++;
    setLoading(false);
  };
  return { items, shownFor, more, loading, failed, shown, showRows, stop };
}

/** The open list: the rows, the highlighted one kept in view, and what to say when empty. */
export function OptionList(
  { listId, rows, current, fresh, value, loading, failed, reason, onHover, onPick, onEnd }: {
    listId: string;
    rows: Option[];
    current: number;
    fresh: boolean;
    value: Option | null;
    loading: boolean;
    failed: boolean;
    /** Why there is nothing to offer, said instead of 'Tidak ada hasil'. */
    reason?: EmptyReason | null;
    onHover: (i: number) => void;
    onPick: (o: Option) => void;
    onEnd: () => void;
  },
) {
  useEffect(() => {
    if (current >= 0) {
      document.getElementById(`${listId}-${current}`)?.scrollIntoView({ block: "nearest" });
    }
  }, [current]);
  const info = loading
    ? "Memuat..."
    : failed
    ? "Gagal memuat pilihan"
    : rows.length
    ? ""
    : reason?.text ?? "Tidak ada hasil";
  return (
    <ul
      id={listId}
      role="listbox"
      class={`select-list${fresh ? "" : " stale"}`}
      aria-busy={fresh ? undefined : "true"}
      onMouseDown={(e) => e.preventDefault()}
      onScroll={(e) => {
        const el = e.currentTarget;
        if (el.scrollTop + el.clientHeight >= el.scrollHeight - 24) onEnd();
      }}
    >
      {rows.map((o, i) => (
        <li
          key={o.id}
          id={`${listId}-${i}`}
          role="option"
          aria-selected={o.id === value?.id ? "true" : "false"}
          class={i === current ? "active" : undefined}
          onMouseEnter={() => fresh && onHover(i)}
          onClick={() => onPick(o)}
        >
          {o.text}
          {o.note && <span class="select-note">{o.note}</span>}
        </li>
      ))}
      {info && <li class="select-info" role="presentation">{info}</li>}
    </ul>
  );
}
