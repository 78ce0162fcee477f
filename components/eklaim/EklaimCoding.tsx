import { useState } from "react";
import type { CodeField, CodeVerdict } from "../../lib/eklaim/state.ts";
import type { EklaimView } from "../../lib/eklaim/view.ts";
import { type Option, Select } from "../ui/Select.tsx";
import { Field } from "../ui/Field.tsx";

/** The code lists the clerk changed, sent with the next grouping (field → codes, primary first). */
export type CodeEdits = Partial<Record<CodeField, string[]>>;

const GROUPERS = [
  { grouper: "idrg", title: "Koding iDRG (ICD-10-IM / ICD-9-CM-IM)" },
  { grouper: "inacbg", title: "Koding INA-CBG (ICD-10 2010 / ICD-9-CM)" },
] as const;
const LISTS = [{ list: "diagnosa", title: "Diagnosis" }, {
  list: "procedure",
  title: "Prosedur",
}] as const;

/** The codes as E-Klaim checked them; a refused one has its reason and a search to replace it. */
export function EklaimCoding({ view, edits, onEdits }: {
  view: EklaimView;
  edits: CodeEdits;
  onEdits: (e: CodeEdits) => void;
}) {
  const codings = view.coding;
  if (!codings.idrg && !codings.inacbg) return null;
  return (
    <div class="eklaim-coding">
      {GROUPERS.filter((g) => codings[g.grouper]).map((g) => (
        <section key={g.grouper} aria-label={g.title}>
          <h3>{g.title}</h3>
          {LISTS.map(({ list, title }) => {
            const field = `${g.grouper}_${list}` as CodeField;
            const codes = codings[g.grouper]![list];
            const replace = (at: number, code: string) => {
              const list = edits[field] ?? codes.map((c) =>
                c.code
              );
              onEdits({ ...edits, [field]: list.map((c, i) => i === at ? code : c) });
            };
            return (
              <div key={list} class="eklaim-list">
                <h4>{title}</h4>
                {codes.length === 0 ? <p class="hint">Tidak ada.</p> : (
                  <ul>
                    {codes.map((c, i) => (
                      <CodeItem
                        key={`${c.code}-${i}`}
                        id={`eklaim-${field}-${i}`}
                        code={c}
                        grouper={g.grouper}
                        list={list}
                        onPick={(code) => replace(i, code)}
                      />
                    ))}
                  </ul>
                )}
                {edits[field] && (
                  <p class="eklaim-edit" data-edit={field}>
                    {`Dikirim pada grouping berikutnya: ${edits[field]!.join(", ")} `}
                    <button
                      type="button"
                      class="btn btn-sm btn-light"
                      onClick={() => {
                        const { [field]: _, ...rest } = edits;
                        onEdits(rest);
                      }}
                    >
                      Batalkan
                    </button>
                  </p>
                )}
              </div>
            );
          })}
        </section>
      ))}
    </div>
  );
}

/** One code: E-Klaim's name for it; refused, its reason and the search to replace it. */
function CodeItem({ id, code, grouper, list, onPick }: {
  id: string;
  code: CodeVerdict;
  grouper: "idrg" | "inacbg";
  list: "diagnosa" | "procedure";
  onPick: (code: string) => void;
}) {
  const [picked, setPicked] = useState<Option | null>(null);
  if (code.valid) {
    return (
      <li>
        <code>{code.code}</code> {code.display}
      </li>
    );
  }
  return (
    <li class="eklaim-refused" data-refused={code.code}>
      <code aria-describedby={`${id}-why`}>{code.code}</code> {code.display}
      <small class="field-error" id={`${id}-why`}>
        {`Ditolak E-Klaim${code.errorNo ? ` (${code.errorNo})` : ""}: ${code.reason ?? ""}`}
      </small>
      <Field id={`${id}-cari`} label={`Ganti ${code.code} dengan kode E-Klaim`}>
        <Select
          id={`${id}-cari`}
          value={picked}
          url="/api/eklaim/code-options"
          params={{ grouper, list }}
          placeholder="Ketik kode atau nama (min. 2 huruf)"
          onChange={(o) => {
            setPicked(o);
            if (o) onPick(o.id);
          }}
        />
      </Field>
    </li>
  );
}
