import type { ColumnDef } from "../../lib/resource/resource.ts";

export type Order = [column: number, dir: "asc" | "desc"];

/** Cell class: right-aligned for money and `align: "right"`, `when` for date-times. */
export const alignClass = (c: ColumnDef) =>
  c.format === "money" || c.align === "right"
    ? "num"
    : c.format === "datetime"
    ? "when"
    : undefined;

/** A `<thead>` of sort buttons; `group` columns get a two-row header; `extra` ('Aksi') last. */
export function TableHead({ columns, order, onSort, extra }: {
  columns: ColumnDef[];
  order: Order;
  onSort: (column: number) => void;
  extra?: string;
}) {
  const grouped = columns.some((c) => c.group);
  const th = (c: ColumnDef, i: number, rowSpan?: number) => {
    const cur = order[0] === i;
    return (
      <th
        key={i}
        scope="col"
        rowSpan={rowSpan}
        class={alignClass(c)}
        aria-sort={cur ? (order[1] === "asc" ? "ascending" : "descending") : undefined}
      >
        {c.orderable === false ? c.title : (
          <button
            type="button"
            class={`sort${cur ? ` ${order[1]}` : ""}`}
            onClick={() => onSort(i)}
          >
            {c.title}
          </button>
        )}
      </th>
    );
  };
  const top = [], sub = [];
  for (let i = 0; i < columns.length; i++) {
    const g = columns[i].group;
    if (!g || !grouped) top.push(th(columns[i], i, grouped ? 2 : undefined));
    else {
      top.push(<th key={`g${i}`} scope="colgroup" colSpan={g.span} class="group">{g.title}</th>);
      for (let j = i; j < Math.min(columns.length, i + g.span); j++) sub.push(th(columns[j], j));
      i += g.span - 1;
    }
  }
  return (
    <thead>
      <tr>
        {top}
        {extra && <th scope="col" rowSpan={grouped ? 2 : undefined} class="actions">{extra}</th>}
      </tr>
      {grouped && <tr>{sub}</tr>}
    </thead>
  );
}
