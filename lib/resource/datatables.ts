import type { OrderBy, Query } from "../index/index.ts";
import type { ColumnDef } from "./resource.ts";

/** Page size ceiling for one request, whatever `length` asks. */
export const MAX_PAGE = 1000;

/** A table's ordering as the browser keeps it: column index and direction. */
export type TableOrder = [column: number, dir: "asc" | "desc"];

/** Parses DataTables' server-side parameters; only fields in `allowed` are searched or ordered. */
export function parseTableRequest(
  params: URLSearchParams,
  allowed: { search: string[]; order: string[]; pageSize: number },
): { draw: number; query: Query } {
  const int = (k: string, d: number) => {
    const n = Number.parseInt(params.get(k) ?? "", 10);
    return Number.isFinite(n) ? n : d;
  };
  const columns: { data: string; searchable: boolean; orderable: boolean }[] = [];
  for (let i = 0; params.has(`columns[${i}][data]`); i++) {
    columns.push({
      data: params.get(`columns[${i}][data]`) ?? "",
      searchable: params.get(`columns[${i}][searchable]`) !== "false",
      orderable: params.get(`columns[${i}][orderable]`) !== "false",
    });
  }
  const orderable = columns.length ? columns.map((c) => c.data) : allowed.order;
  const order: OrderBy[] = [];
  for (let i = 0; params.has(`order[${i}][column]`); i++) {
    const col = columns[int(`order[${i}][column]`, -1)];
    const field = col?.orderable ? col.data : undefined;
    if (field && allowed.order.includes(field)) {
      order.push({ field, dir: params.get(`order[${i}][dir]`) === "desc" ? "desc" : "asc" });
    }
  }
  if (!order.length) {
    const first = orderable.find((f) => allowed.order.includes(f));
    if (first) order.push({ field: first, dir: "asc" });
  }
  const searchFields = columns.length
    ? columns.filter((c) => c.searchable && allowed.search.includes(c.data)).map((c) => c.data)
    : allowed.search;
  let length = int("length", allowed.pageSize);
  if (length < 0 || length > MAX_PAGE) length = MAX_PAGE;
  return {
    draw: int("draw", 0),
    query: {
      search: params.get("search[value]") ?? params.get("search") ?? "",
      searchFields: searchFields.length ? searchFields : allowed.search,
      order,
      start: Math.max(0, int("start", 0)),
      length,
    },
  };
}

/** The DataTables server-side answer: the request's `draw`, both counts and the page's rows. */
export interface TableAnswer<T> {
  draw: number;
  recordsTotal: number;
  recordsFiltered: number;
  /** The count stopped early: at least `recordsFiltered` match. */
  recordsCapped?: boolean;
  data: T[];
}

/** The answer to a `parseTableRequest` request: its `draw`, a query result's counts and `data`. */
export function tableAnswer<T>(
  draw: number,
  counts: { total: number; filtered: number; capped?: boolean },
  data: T[],
): TableAnswer<T> {
  return {
    draw,
    recordsTotal: counts.total,
    recordsFiltered: counts.filtered,
    ...(counts.capped === undefined ? {} : { recordsCapped: counts.capped }),
    data,
  };
}

/** The DataTables request of a table (the server renders a first page from the same query). */
export function tableQuery(columns: ColumnDef[], q: {
  draw: number;
  start: number;
  length: number;
  search?: string;
  order?: TableOrder;
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
