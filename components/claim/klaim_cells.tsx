import type { ColumnDef } from "../../lib/resource/resource.ts";
import { formatDateTime, formatMoney, formatNumber } from "../../lib/format.ts";
import { type KlaimRow, STATUS_TEXT } from "../../lib/claim/columns.ts";
import type { Row } from "../ui/use_server_table.ts";
import { ruleTitle } from "../../lib/claim/rule_list.ts";

const day = (d: string | null) => d ? d.split("-").reverse().join("-") : "";

/** Readiness: 'Siap', or 'Perlu perbaikan' with its rules, linking to the stay's checklist. */
function Readiness({ r }: { r: KlaimRow }) {
  const n = r.blok + r.peringatan;
  return (
    <span class="claim-readiness">
      <a
        class={`claim-ready ${r.ready ? "ok" : "fix"}`}
        href={`/ipd/${encodeURIComponent(r._id)}#kelengkapan-klaim`}
        data-ready={r.ready ? "siap" : "perbaikan"}
      >
        {r.ready ? "Siap" : "Perlu perbaikan"}
        {n > 0 && <small>{` (${formatNumber(n)} temuan)`}</small>}
      </a>
      {r.rules.map((code) => (
        <small key={code} class="claim-rule" data-rule={code} title={code}>
          {ruleTitle(code)}
        </small>
      ))}
    </span>
  );
}

/** The claim status with its detail: the reason, the approved or paid amount and day. */
function Status({ r }: { r: KlaimRow }) {
  const detail = r.status === "pending" || r.status === "dispute"
    ? r.reason
    : r.status === "layak"
    ? `disetujui ${formatMoney(r.approved)}`
    : r.status === "dibayar"
    ? `${formatMoney(r.paid)} · ${day(r.paidDate)}`
    : "";
  return (
    <span class="claim-status">
      <span class={`badge status-${r.status}`} data-status={r.status}>
        {STATUS_TEXT[r.status]}
      </span>
      {r.sep && <small class="muted">{` SEP ${r.sep}`}</small>}
      {detail && <small class="claim-detail">{detail}</small>}
    </span>
  );
}

/** The package the ward picked against E-Klaim's (marked when they differ), the one in force. */
function Packages({ r }: { r: KlaimRow }) {
  const differs = r.inacbgFinal !== null &&
    (r.inacbgFinal !== r.inacbgApp || r.tarifFinal !== r.tarifApp);
  return (
    <span class={`claim-packages${differs ? " differs" : ""}`} data-sumber={r.sumber}>
      <span>{`petugas: ${r.inacbgApp ?? "-"} · ${formatMoney(r.tarifApp)}`}</span>
      <span>
        {r.inacbgFinal === null
          ? "E-Klaim: -"
          : `E-Klaim: ${r.inacbgFinal} · ${formatMoney(r.tarifFinal)}`}
      </span>
      <small class="muted">{`berlaku: ${r.sumber}`}</small>
    </span>
  );
}

export function klaimCell(c: ColumnDef, row: Row) {
  const r = row as KlaimRow;
  switch (c.data) {
    case "pasien.fullname":
      return r.pasien.fullname;
    case "pasien.erm":
      return r.pasien.erm;
    case "dpjp.fullname":
      return r.dpjp?.fullname ?? "-";
    case "room.name":
      return r.room?.name ?? "-";
    case "tanggal_pulang":
      return <span class="nowrap">{formatDateTime(r.tanggal_pulang)}</span>;
    case "ready":
      return <Readiness r={r} />;
    case "status":
      return <Status r={r} />;
    case "inacbg":
      return <Packages r={r} />;
  }
  return "";
}
