import { useState } from "react";

/**
 * A list's filters kept in the address bar, from those the server read (`start`, with the
 * labels of id filters and its refusal): the filters, labels and query string, the refusal
 * while the filters are still the refused ones, and `change`, which also replaces the address.
 */
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
