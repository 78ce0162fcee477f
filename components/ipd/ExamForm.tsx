import type { ComponentChildren } from "preact";
import { useState } from "react";
import type { KeywordItem } from "../../lib/ipd/model.ts";
import {
  examOrder,
  keywordHit,
  keywordSummary,
  parseDateTime,
  toLocalInput,
} from "../../lib/ipd/rules.ts";
import { alertDialog } from "../ui/Dialog.tsx";
import { plainNumber, postForm } from "../ui/Form.tsx";
import { formatMoney } from "../../lib/format.ts";
import { FormModal } from "../ui/Modal.tsx";
import { MultiSelect } from "../ui/MultiSelect.tsx";
import type { Option } from "../ui/Select.tsx";
import { toast } from "../ui/Toast.tsx";
import type { ExamRow } from "./exam_cells.tsx";
import { codesOf, getJson, icdOption, idList } from "./client.ts";
import { rsProblem, TariffFields, type TariffKey, type TariffValues } from "./TariffFields.tsx";
import { DateInput } from "../ui/DateInput.tsx";

const SOAP = [
  ["subject", "Subjectif"],
  ["object", "Objectif"],
  ["assesment", "Asesmen/Action"],
  ["plan", "Planning"],
] as const;
type Soap = Record<(typeof SOAP)[number][0], string>;

/** Hospital charges billed before an examination at `date` (the one being edited excluded). */
function billedBefore(rows: ExamRow[], date: string, id?: string): number {
  const at = parseDateTime(date) ?? new Date().toISOString();
  return rows.filter((r) =>
    r._id !== id && (r.examinationDate < at || (r.examinationDate === at && (!id || r._id < id)))
  ).reduce((n, r) => n + (Number(r.tarif_rs) || 0), 0);
}

/**
 * Add/edit an examination: SOAP notes, disputed-claim keywords (read-only summary; a keyword
 * is highlighted while its ICD code is among the chosen diagnoses or procedures), ICD-10 and
 * ICD-9-CM codes and the tariffs with the live analysis.
 */
export function ExamForm({ ipdId, exam, rows, tariff, classtype, onClose, onSaved }: {
  ipdId: string;
  exam?: ExamRow;
  /** The stay's examinations (for the charges billed before this one). */
  rows: ExamRow[];
  tariff: TariffKey;
  classtype: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [date, setDate] = useState(() =>
    toLocalInput(exam?.examinationDate ?? new Date().toISOString())
  );
  const [soap, setSoap] = useState<Soap>(() => ({
    subject: exam?.subject ?? "",
    object: exam?.object ?? "",
    assesment: exam?.assesment ?? "",
    plan: exam?.plan ?? "",
  }));
  const [keywords, setKeywords] = useState<KeywordItem[]>(exam?.keyword ?? []);
  const [diag, setDiag] = useState<Option[]>(() => (exam?.diagnosis ?? []).map(icdOption));
  const [tind, setTind] = useState<Option[]>(() => (exam?.tindakan ?? []).map(icdOption));
  const [tv, setTv] = useState<TariffValues>(() => {
    // a new examination starts from the stay's package: the latest grouping chosen
    const from = exam ?? examOrder(rows).filter((r) => r.grouping).at(-1);
    return {
      grouping: from?.grouping
        ? {
          id: from.grouping._id,
          text: `${from.grouping.kode_inacbg} - ${from.grouping.desc_inacbg}`,
        }
        : null,
      options: [],
      tarifinacbgSelect: from?.grouping ? from.tarifinacbgSelect : "",
      tarif_ina: from?.grouping ? from.tarif_ina : exam ? exam.tarif_ina : null,
      tarif_rs: exam ? formatMoney(exam.tarif_rs) : "",
    };
  });
  const [saving, setSaving] = useState(false);
  const codes = codesOf([...diag, ...tind]);

  const pickKeywords = (list: Option[]) => {
    const known = new Map(keywords.map((k) => [k._id, k]));
    setKeywords(
      list.map((o) =>
        known.get(o.id) ?? { _id: o.id, keyword: o.text, kode_icd: "", rekomendasi: "", sumber: "" }
      ),
    );
    for (const o of list.filter((o) => !known.has(o.id))) {
      getJson(`/api/disputed-claim/${encodeURIComponent(o.id)}`).then(({ data: d }) =>
        setKeywords((ks) =>
          ks.map((k) =>
            k._id === o.id
              ? {
                ...k,
                kode_icd: d.kode_icd ?? "",
                rekomendasi: d.rekomendasi ?? "",
                sumber: d.sumber ?? "",
              }
              : k
          )
        )
      ).catch((e) => console.error(e));
    }
  };

  const save = async (e: Event) => {
    e.preventDefault();
    if (saving || rsProblem(tv.tarif_rs)) return;
    setSaving(true);
    try {
      const msg = await postForm(
        "/api/ipd/visitexamination/update",
        new URLSearchParams({
          id: exam?._id ?? "",
          _version: exam?._version ?? "",
          ipdId,
          examinationDate: date,
          ...soap,
          keyword: keywords.map((k) => k._id).join(","),
          keywordsummary: keywordSummary(keywords),
          diagnosis: idList(diag),
          tindakan: idList(tind),
          grouping: tv.grouping?.id ?? "",
          tarifinacbgSelect: tv.tarifinacbgSelect,
          tarif_rs: plainNumber(tv.tarif_rs),
        }),
      );
      setSaving(false);
      toast({ title: "Success", text: msg });
      onSaved();
    } catch (err) {
      setSaving(false);
      alertDialog("Error!", `Terjadi kesalahan: ${(err as Error).message}`, "error");
    }
  };

  const multi = (id: string, label: string, el: ComponentChildren) => (
    <div class="field span-2">
      <label for={id}>{label}</label>
      {el}
    </div>
  );
  return (
    <FormModal
      open
      size="lg"
      title={exam ? "Edit Pemeriksaan" : "Tambah Pemeriksaan"}
      busy={saving}
      onClose={onClose}
      formId="exam-form"
      formClass="form form-grid"
      onSubmit={save}
    >
      <div class="field">
        <label for="exam-date">
          Tanggal Pemeriksaan<span class="req" aria-hidden="true">*</span>
        </label>
        <DateInput id="exam-date" time required value={date} onChange={setDate} />
      </div>
      <div class="field" />
      {SOAP.map(([k, label]) => (
        <div class="field" key={k}>
          <label for={`exam-${k}`}>{label}</label>
          <textarea
            id={`exam-${k}`}
            rows={3}
            value={soap[k]}
            onInput={(e) => setSoap((s) => ({ ...s, [k]: e.currentTarget.value }))}
          />
        </div>
      ))}
      {multi(
        "exam-keyword",
        "Keyword Dispute Klaim",
        <MultiSelect
          id="exam-keyword"
          url="/api/disputed-claim/select2"
          exclude="keyword"
          values={keywords.map((k) => ({ id: k._id, text: k.keyword }))}
          onChange={pickKeywords}
          chipClass={(o) => {
            const k = keywords.find((x) => x._id === o.id);
            return k && keywordHit(k.kode_icd, codes) ? "chip-hit" : undefined;
          }}
        />,
      )}
      {keywords.length > 0 && multi(
        "exam-keywordsummary",
        "Ringkasan Keyword",
        <textarea id="exam-keywordsummary" rows={3} readOnly value={keywordSummary(keywords)} />,
      )}
      {multi(
        "exam-diagnosis",
        "Diagnosa (ICD-10)",
        <MultiSelect
          id="exam-diagnosis"
          url="/api/icd/select2-icd10"
          exclude="diagnosis"
          values={diag}
          onChange={setDiag}
        />,
      )}
      {multi(
        "exam-tindakan",
        "Tindakan (ICD-9-CM)",
        <MultiSelect
          id="exam-tindakan"
          url="/api/icd/select2-icd9"
          exclude="tindakan"
          values={tind}
          onChange={setTind}
        />,
      )}
      <TariffFields
        v={tv}
        set={(p) => setTv((o) => ({ ...o, ...p }))}
        tariff={tariff}
        classtype={classtype}
        prevRs={billedBefore(rows, date, exam?._id)}
      />
    </FormModal>
  );
}
