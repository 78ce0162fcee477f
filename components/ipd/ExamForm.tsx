import { useState } from "react";
import type { KeywordItem } from "../../lib/ipd/model.ts";
import { examOrder, type StayTotals, stayTotals, type TariffDay } from "../../lib/ipd/rules.ts";
import { keywordSummary } from "../../lib/ipd/keywords.ts";
import { parseDateTime, toLocalInput } from "../../lib/hospital_time.ts";
import { post, useSubmit } from "../ui/api.ts";
import { Field } from "../ui/Field.tsx";
import { plainNumber, useChanged } from "../ui/Form.tsx";
import { useFieldErrors } from "../ui/use_field_errors.ts";
import { formatMoney } from "../../lib/format.ts";
import { FormModal } from "../ui/Modal.tsx";
import type { Option } from "../ui/Select.tsx";
import { type ExamRow, SOAP } from "./exam_cells.tsx";
import { icdOption, idList } from "./icd_options.ts";
import {
  rsNumber,
  rsProblem,
  TARIF_RS,
  TariffFields,
  type TariffKey,
  type TariffValues,
} from "./TariffFields.tsx";
import { DateInput } from "../ui/DateInput.tsx";
import { CodeFields, type Soap, SoapFields, useKeywords } from "./exam_fields.tsx";
import { type BillKey, examBreakdown } from "../../lib/ipd/bill.ts";
import { billBody, BillFields, billInput, readBill } from "./BillFields.tsx";

/** The stay's totals up to the examination being written at `date` (`id` when edited). */
function totalsAsOf(rows: ExamRow[], tv: TariffValues, date: string, id?: string): StayTotals {
  const rs = rsNumber(tv.tarif_rs);
  const day: TariffDay = {
    _id: id ?? "\uffff", // a new examination is the last of its date, as its new id will be
    examinationDate: parseDateTime(date) ?? new Date().toISOString(),
    tarif_ina: tv.tarif_ina ?? 0,
    tarif_rs: Number.isFinite(rs) ? rs : 0,
    grouping: tv.grouping && { kode_inacbg: tv.grouping.id },
  };
  const days = examOrder([...rows.filter((r) => r._id !== id), day]);
  return stayTotals(days.slice(0, days.indexOf(day) + 1));
}

/** The tariff part a form starts from: a new examination's, the stay's latest grouping. */
function tariffOf(exam: ExamRow | undefined, rows: ExamRow[], category: BillKey): TariffValues {
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
    bill: exam ? billInput(examBreakdown(exam, category), category) : {},
  };
}

/** What saving codes without a grouping means ('' while one is chosen or no code is). */
function noGrouping(v: ExamValues, rows: ExamRow[], id?: string): string {
  if (v.tv.grouping || !(v.diag.length || v.tind.length)) return "";
  const kept = examOrder(rows).filter((r) => r.grouping && r._id !== id).at(-1);
  const stays = kept?.grouping
    ? `tetap ${kept.grouping.kode_inacbg} (${formatMoney(kept.tarif_ina)})`
    : "tetap kosong (Tarif INA-CBG Rp 0)";
  return `Belum memilih grouping INA-CBG: paket kunjungan ${stays}. ` +
    "Pilih grouping bila kode ini mengubah paketnya.";
}

const soapOf = (exam?: ExamRow) =>
  Object.fromEntries(SOAP.map(([k]) => [k, exam?.[k] ?? ""])) as Soap;

interface ExamValues {
  date: string;
  soap: Soap;
  keywords: KeywordItem[];
  diag: Option[];
  tind: Option[];
  tv: TariffValues;
}

const SERVER_NAMES = { examinationDate: "date", tarif_rs_rincian: "bill" };

/** The examination as `POST /api/ipd/visitexamination/update` takes it. */
function examBody(ipdId: string, exam: ExamRow | undefined, v: ExamValues, category: BillKey) {
  const rs = rsNumber(v.tv.tarif_rs);
  const split = readBill(v.tv.bill, rs, category, TARIF_RS).amounts;
  return new URLSearchParams({
    id: exam?._id ?? "",
    _version: exam?._version ?? "",
    ipdId,
    examinationDate: v.date,
    ...v.soap,
    keyword: v.keywords.map((k) => k._id).join(","),
    keywordsummary: keywordSummary(v.keywords),
    diagnosis: idList(v.diag),
    tindakan: idList(v.tind),
    grouping: v.tv.grouping?.id ?? "",
    tarifinacbgSelect: v.tv.tarifinacbgSelect,
    tarif_rs: plainNumber(v.tv.tarif_rs),
    ...(Number.isFinite(rs) ? billBody(split) : {}),
  });
}

interface ExamFormProps {
  ipdId: string;
  exam?: ExamRow;
  /** The stay's examinations (for the charges billed before this one). */
  rows: ExamRow[];
  tariff: TariffKey;
  classtype: string;
  /** The bill's category the settings name: it holds what is not split. */
  category: BillKey;
  onClose: () => void;
  onSaved: () => void;
}

/** Add/edit an examination: SOAP notes, codes, tariffs with the live analysis, the bill. */
export function ExamForm(props: ExamFormProps) {
  const { ipdId, exam, rows, tariff, classtype, category, onClose, onSaved } = props;
  const [date, setDate] = useState(() =>
    toLocalInput(exam?.examinationDate ?? new Date().toISOString())
  );
  const [soap, setSoap] = useState<Soap>(() => soapOf(exam));
  const [keywords, pickKeywords] = useKeywords(exam?.keyword ?? []);
  const [diag, setDiag] = useState<Option[]>(() => (exam?.diagnosis ?? []).map(icdOption));
  const [tind, setTind] = useState<Option[]>(() => (exam?.tindakan ?? []).map(icdOption));
  const [tv, setTv] = useState<TariffValues>(() => tariffOf(exam, rows, category));
  const errs = useFieldErrors((n) => `exam-${n}`, SERVER_NAMES);
  const sending = useSubmit(errs.fail);
  const saving = sending.busy;
  const { errors, clear } = errs;
  const values: ExamValues = { date, soap, keywords, diag, tind, tv };
  // the grouping's class options are loaded with the form: not a change
  const dirty = useChanged({
    ...values,
    keywords: keywords.map((k) => k._id),
    tv: { ...tv, options: 0 },
  });

  const save = async (e: Event) => {
    e.preventDefault();
    if (saving || rsProblem(tv.tarif_rs)) return;
    const url = "/api/ipd/visitexamination/update";
    await sending.save(() => post(url, examBody(ipdId, exam, values, category)), onSaved);
  };

  return (
    <FormModal
      open
      size="lg"
      title={exam ? "Edit Pemeriksaan" : "Tambah Pemeriksaan"}
      busy={saving}
      dirty={dirty}
      onClose={onClose}
      formId="exam-form"
      formClass="form form-grid"
      onSubmit={save}
    >
      <Field id="exam-date" label="Tanggal Pemeriksaan" required error={errors.date}>
        <DateInput
          id="exam-date"
          time
          required
          value={date}
          onChange={(d) => (clear("date"), setDate(d))}
        />
      </Field>
      <div class="field" />
      <SoapFields
        soap={soap}
        errors={errors}
        onChange={(k, x) => (clear(k), setSoap((s) => ({ ...s, [k]: x })))}
      />
      <CodeFields
        c={{ keywords, diag, tind }}
        errors={errors}
        on={{
          keyword: (l) => (clear("keyword"), pickKeywords(l)),
          diagnosis: (l) => (clear("diagnosis"), setDiag(l)),
          tindakan: (l) => (clear("tindakan"), setTind(l)),
        }}
      />
      <TariffFields
        v={tv}
        errors={errors}
        set={(p) => {
          for (const k of Object.keys(p)) clear(k);
          setTv((o) => ({ ...o, ...p }));
        }}
        tariff={tariff}
        classtype={classtype}
        totals={totalsAsOf(rows, tv, date, exam?._id)}
        warning={noGrouping(values, rows, exam?._id)}
      />
      <BillFields
        id="exam"
        total={rsNumber(tv.tarif_rs)}
        label={TARIF_RS}
        rest={category}
        input={tv.bill}
        error={errors.bill}
        onChange={(k, x) => (clear("bill"), setTv((o) => ({ ...o, bill: { ...o.bill, [k]: x } })))}
      />
    </FormModal>
  );
}
