import { useState } from "react";
import type { Row } from "./use_server_table.ts";

/** Props of a list island whose filters live in the address bar: its first page as rendered. */
export interface UrlListProps<F> {
  initial: { data: Row[]; recordsTotal: number; recordsFiltered: number };
  /** The filters of the page's query string, applied to `initial`. */
  filters: F;
  /** Display text of id filters (room, doctor). */
  labels: Record<string, string>;
  /** Why the filters of the query string were refused (the list then starts empty). */
  error?: string;
  /** False for a role that may only read: no changes from the list. */
  canWrite: boolean;
}

/** A list's filters kept in the address bar (`change` replaces it), from those the server read. */
export function useUrlFilters<F extends object>(
  start: { filters: F; labels: Record<string, string>; error?: string },
) {
  const [filters, setFilters] = useState(start.filters);
  const [labels, setLabels] = useState(start.labels);
  const queryOf = (f: F) => new URLSearchParams(f as Record<string, string>).toString();
  const query = queryOf(filters);
  return {
    filters,
    labels,
    query,
    error: query === queryOf(start.filters) ? start.error : undefined,
    change: (f: F, l?: Record<string, string>) => {
      setFilters(f);
      if (l) setLabels(l);
      const q = queryOf(f);
      history.replaceState(null, "", `${location.pathname}${q ? `?${q}` : ""}`);
    },
  };
}
