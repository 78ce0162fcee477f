import { useState } from "react";

/** What a list island starts from: the filters of the query string, as the server read them. */
export interface UrlFiltersStart<F> {
  filters: F;
  /** Display text of id filters (room, doctor). */
  labels: Record<string, string>;
  /** Why the server refused the filters of the query string. */
  error?: string;
}

/**
 * A list's filters kept in the address bar: the filters and their labels, the query string they
 * make, the server's refusal while the filters are still the refused ones, and `change`, which
 * sets them and replaces the address's query string.
 */
export function useUrlFilters<F extends object>(start: UrlFiltersStart<F>) {
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
