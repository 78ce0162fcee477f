import { useEffect, useState } from "react";
import type { ColumnDef } from "../lib/resource/resource.ts";
import { formatDateTime, formatNumber } from "../lib/format.ts";
import { DateInput } from "../components/ui/DateInput.tsx";
import { Field } from "../components/ui/Field.tsx";
import { SearchBox, TableFooter, TableView } from "../components/ui/ServerTable.tsx";
import { type Row, useServerTable } from "../components/ui/use_server_table.ts";
import { ProgressPanel, useProgress } from "../components/ui/Progress.tsx";
import { get, request } from "../components/ui/api.ts";

interface Point {
  count: number;
  hash: string;
}

export interface AuditTableProps {
  columns: ColumnDef[];
  pageSize: number;
  initial: { data: object[]; recordsTotal: number; recordsFiltered: number };
  /** Counts stop past this: more reads "10.000+". */
  cap: number;
  /** The head and the daily heads written to the server's log, for printing. */
  chain: {
    head: Point;
    anchors: (Point & { day: string })[];
    lastFull: (Verify & { at: string }) | null;
  };
}

type Verify = { ok: boolean; count: number; brokenAt: string | null; contains?: boolean };

const verdict = (v: Verify) =>
  v.ok
    ? `Rantai hash utuh: ${formatNumber(v.count)} entri terverifikasi.`
    : `Rantai hash RUSAK pada ${v.brokenAt} (setelah ${formatNumber(v.count)} entri yang utuh).`;

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

/** The chain's head, the daily heads, the full verification and the check of an earlier head. */
function ChainSection({ chain }: { chain: AuditTableProps["chain"] }) {
  const job = useProgress();
  const [full, setFull] = useState(chain.lastFull);
  const [earlier, setEarlier] = useState<Verify | string | null>(null);
  const runFull = async () => {
    const r = await job.run("/api/audit/verify/full", { method: "POST" });
    if (r.ok && r.body) setFull({ ...r.body as Verify, at: new Date().toISOString() });
  };
  return (
    <section class="audit-chain" id="audit-chain">
      <p>
        Kepala rantai saat ini: <strong>{formatNumber(chain.head.count)}</strong> entri, hash{" "}
        <code>{chain.head.hash || "-"}</code>
      </p>
      {chain.anchors.length > 0 && (
        <table class="table audit-anchors">
          <caption>Kepala harian (juga tercatat di log server), untuk dicetak</caption>
          <thead>
            <tr>
              <th>Tanggal</th>
              <th>Entri</th>
              <th>Hash</th>
            </tr>
          </thead>
          <tbody>
            {chain.anchors.map((a) => (
              <tr key={a.day}>
                <td>{a.day.split("-").reverse().join("-")}</td>
                <td>{formatNumber(a.count)}</td>
                <td>
                  <code>{a.hash}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p id="audit-full">
        {full
          ? `Verifikasi penuh terakhir ${formatDateTime(full.at)}: ${verdict(full)}`
          : "Verifikasi penuh belum pernah dijalankan."}{" "}
        <button type="button" class="btn btn-light" onClick={runFull} disabled={job.active}>
          Verifikasi penuh
        </button>
      </p>
      <form
        class="dt-filters"
        onSubmit={async (e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget as HTMLFormElement);
          const q = new URLSearchParams({
            count: String(f.get("count") ?? "").trim(),
            hash: String(f.get("hash") ?? "").trim(),
          });
          const r = await request<Verify & { message?: string }>(`/api/audit/verify?${q}`);
          setEarlier(
            r.ok ? r.body : r.body?.message ?? "Kepala terdahulu tidak dapat diperiksa.",
          );
        }}
      >
        <Field id="au-count" label="Jumlah entri kepala terdahulu">
          <input id="au-count" name="count" type="text" inputMode="numeric" />
        </Field>
        <Field id="au-hash" label="Hash kepala terdahulu">
          <input id="au-hash" name="hash" type="text" />
        </Field>
        <button type="submit" class="btn btn-light">Periksa kepala</button>
        {earlier !== null && (
          <p role="status" id="audit-earlier">
            {typeof earlier === "string"
              ? earlier
              : earlier.contains
              ? "Kepala terdahulu masih termuat dalam jejak audit."
              : "Kepala terdahulu TIDAK termuat: entri sebelumnya telah diubah atau dihapus."}
          </p>
        )}
      </form>
      {job.active && (
        <ProgressPanel progress={job.progress} label="Verifikasi penuh" start="Memulai" />
      )}
    </section>
  );
}

/** The filters of the log (user, action, entity, days) and the export of what they find. */
function AuditFilters({ params, onFilter }: {
  params: Record<string, string>;
  onFilter: (p: Record<string, string>) => void;
}) {
  const [days, setDays] = useState<Record<string, string>>({});
  return (
    <form
      class="dt-filters"
      onSubmit={(e) => {
        e.preventDefault();
        const f = new FormData(e.currentTarget as HTMLFormElement);
        onFilter(Object.fromEntries(
          FILTERS.map((x) => [x.name, String(f.get(x.name) ?? "").trim()]).filter(([, v]) => v),
        ));
      }}
    >
      {FILTERS.map((x) => (
        <Field key={x.name} id={`au-${x.name}`} label={x.label}>
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
        </Field>
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
  );
}

/** 'Jejak Audit': filters, the log newest first, the chain check and the .xlsx export. */
export default function AuditTable(p: AuditTableProps) {
  const [params, setParams] = useState<Record<string, string>>({});
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
    get<Verify>("/api/audit/verify").then(setV, () => setV("error"));
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
          : verdict(v)}
      </p>
      <ChainSection chain={p.chain} />
      <AuditFilters params={params} onFilter={setParams} />
      <div class="dt-toolbar">
        <SearchBox id="au-q" onSearch={t.setSearch} onTyping={t.typing} />
        <small class="dt-hint">Cari menurut No. ERM, nama pasien, ID inap atau ID data.</small>
      </div>
      <TableView
        columns={p.columns}
        table={{ rows: t.rows, order: t.order, loading: t.loading }}
        cell={cell}
      />
      <TableFooter t={t} />
      {t.capped && (
        <p class="dt-note" id="audit-capped">
          Lebih dari {formatNumber(Math.min(t.filtered, p.cap))}{" "}
          entri cocok ({formatNumber(Math.min(t.filtered, p.cap))}+); persempit saringan untuk
          jumlah yang pasti.
        </p>
      )}
    </div>
  );
}
