import type { Examination } from "../../lib/ipd/model.ts";
import type { ColumnDef } from "../../lib/resource/resource.ts";
import { formatMoney } from "../../lib/format.ts";
import type { Row } from "../ui/use_server_table.ts";
import { IcdList, Percent, When } from "./cells.tsx";

/** An examination as `GET /api/ipd/{id}/details` sends it (`examJson`). */
export type ExamRow = Examination & { _version: string; keywordHits: string[] };

export const SOAP = [
  ["subject", "Subjectif"],
  ["object", "Objectif"],
  ["assesment", "Asesmen/Action"],
  ["plan", "Planning"],
] as const;

/** Keyword monitoring: the keywords (hit ones highlighted), then diagnoses and procedures. */
function Monitoring({ e }: { e: ExamRow }) {
  return (
    <div class="monitoring">
      {e.keyword?.length > 0 && (
        <ul class="chips">
          {e.keyword.map((k) => (
            <li
              key={k._id}
              class={`chip${e.keywordHits.includes(k._id) ? " chip-hit" : ""}`}
              title={k.kode_icd ? `Kode ICD: ${k.kode_icd}` : undefined}
            >
              {k.keyword}
            </li>
          ))}
        </ul>
      )}
      <strong>Diagnosa:</strong>
      <IcdList items={e.diagnosis} />
      <strong>Tindakan:</strong>
      <IcdList items={e.tindakan} />
    </div>
  );
}

export function examCell(c: ColumnDef, row: Row) {
  const e = row as unknown as ExamRow;
  switch (c.data) {
    case "examinationDate":
      return <When at={e.examinationDate} />;
    case "subject":
      return (
        <dl class="soap">
          {SOAP.map(([k, label]) => [
            <dt key={`${k}t`}>{label}</dt>,
            <dd key={`${k}d`}>{String(e[k] ?? "") || "-"}</dd>,
          ])}
        </dl>
      );
    case "keyword":
      return <Monitoring e={e} />;
    case "percentage":
      return <Percent value={e.percentage} where="exam" />;
  }
  return formatMoney(row[c.data]);
}
