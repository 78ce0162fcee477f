import { useEffect, useState } from "react";
import type { ColumnDef } from "../lib/resource/resource.ts";
import { formatDateTime } from "../lib/format.ts";
import { DateInput } from "../components/ui/DateInput.tsx";
import { SearchBox, TableFooter, TableView } from "../components/ui/ServerTable.tsx";
import { type Row, useServerTable } from "../components/ui/use_server_table.ts";

export interface AuditTableProps {
  columns: ColumnDef[];
  pageSize: number;
  initial: { data: object[]; recordsTotal: number; recordsFiltered: number };
}

type Verify = { ok: boolean; count: number; brokenAt: string | null };

const FILTERS: { name: string; label: string; type: "text" | "date" }[] = [
  { name: "username", label: "Pengguna", type: "text" },
  { name: "action", label: "Aksi", type: "text" },
  { name: "entity", label: "Entitas", type: "text" },
  { name: "from", label: "Dari tanggal", type: "date" },
  { name: "to", label: "Sampai tanggal", type: "date" },
];

const short = (v: unknown) => {
  if (v == null) return "";
  const s = JSON.stringify(v);
  return s.length > 160 ? `${s.slice(0, 160)}…` : s;
};

const cell = (c: ColumnDef, r: Row) =>
  c.data === "at"
    ? formatDateTime(r.at)
    : c.data === "before" || c.data === "after"
    ? <code class="audit-json" title={JSON.stringify(r[c.data] ?? null)}>{short(r[c.data])}</code>
    : String(r[c.data] ?? "");

/** 'Jejak Audit': filters, the log newest first, the chain check and the .xlsx export. */
export default function AuditTable(p: AuditTableProps) {
  const [params, setParams] = useState<Record<string, string>>({});
  const [days, setDays] = useState<Record<string, string>>({});
  const t = useServerTable({
    api: "/api/audit",
    columns: p.columns,
    pageSize: p.pageSize,
    initial: p.initial as { data: Row[]; recordsTotal: number; recordsFiltered: number },
    params,
    order: [-1, "desc"],
  });
  // the chain check walks the whole log: asked for after the page is shown
  const [v, setV] = useState<Verify | "wait" | "error">("wait");
  useEffect(() => {
    fetch("/api/audit/verify").then((r) => r.ok ? r.json() : Promise.reject())
      .then(setV, () => setV("error"));
  }, []);
  return (
    <div class="dt audit">
      <p
        class={`alert ${
          typeof v === "object" && v.ok ? "alert-success" : v === "wait" ? "" : "alert-danger"
        }`}
        role="status"
        id="audit-verify"
      >
        {v === "wait"
          ? "Memeriksa rantai hash…"
          : v === "error"
          ? "Rantai hash tidak dapat diperiksa."
          : v.ok
          ? `Rantai hash utuh: ${v.count} entri terverifikasi.`
          : `Rantai hash RUSAK pada entri ${v.brokenAt} (setelah ${v.count} entri yang utuh).`}
      </p>
      <form
        class="dt-filters"
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget as HTMLFormElement);
          setParams(Object.fromEntries(
            FILTERS.map((x) => [x.name, String(f.get(x.name) ?? "").trim()]).filter(([, v]) => v),
          ));
        }}
      >
        {FILTERS.map((x) => (
          <div class="field" key={x.name}>
            <label for={`au-${x.name}`}>{x.label}</label>
            {x.type === "date"
              ? (
                <DateInput
                  id={`au-${x.name}`}
                  name={x.name}
                  value={days[x.name] ?? ""}
                  onChange={(d) => setDays((o) => ({ ...o, [x.name]: d }))}
                />
              )
              : <input id={`au-${x.name}`} name={x.name} type="text" />}
          </div>
        ))}
        <button type="submit" class="btn btn-primary">Saring</button>
        <a
          class="btn btn-light"
          href={`/api/audit/export?${new URLSearchParams(params)}`}
          download
        >
          Ekspor .xlsx
        </a>
      </form>
      <div class="dt-toolbar">
        <SearchBox id="au-q" onSearch={t.setSearch} />
      </div>
      <TableView
        columns={p.columns}
        rows={t.rows}
        order={t.order}
        onSort={() => {}}
        loading={t.loading}
        cell={cell}
      />
      <TableFooter t={t} />
    </div>
  );
}
