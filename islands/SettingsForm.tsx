import { useState } from "react";
import { Blocker } from "../components/ui/Blocker.tsx";
import { alertError, post, useSubmit } from "../components/ui/api.ts";
import {
  type FormField,
  FormFields,
  type FormValues,
  payload,
  valuesFrom,
} from "../components/ui/Form.tsx";

export interface SettingsFormProps {
  /** Element id of the section (a link target, e.g. `profil-rs`). */
  id: string;
  title: string;
  /** `GET` answers the section, `POST` saves it. */
  api: string;
  fields: FormField[];
  /** The saved section with its `_version`, or null when never saved. */
  row: Record<string, unknown> | null;
  /** A line under the form (the server may send a new one with each save). */
  info?: string;
  /** False for a role that may only read the settings: the form is shown disabled. */
  canWrite: boolean;
  /** A button that sends the form as typed to `api` (a connection test) and shows its answer. */
  test?: { api: string; label: string };
}

/** One settings section: a form saved in place, keeping the version it was loaded at. */
export default function SettingsForm(p: SettingsFormProps) {
  const [values, setValues] = useState<FormValues>(() => valuesFrom(p.fields, p.row ?? undefined));
  const [version, setVersion] = useState(String(p.row?._version ?? ""));
  const [info, setInfo] = useState(p.info ?? "");
  const sending = useSubmit(alertError);
  const saving = sending.busy;

  const save = async (e: Event) => {
    e.preventDefault();
    const body = payload(p.fields, values, new URLSearchParams({ _version: version }));
    await sending.save(() => post<{ _version?: string }>(p.api, body), (d) => {
      setVersion(String(d.data?._version ?? ""));
      if (typeof d.info === "string" && d.info) setInfo(d.info);
    });
  };

  const test = () => sending.save(() => post(p.test!.api, payload(p.fields, values)));

  return (
    <section id={p.id} class="card settings-section blockable" aria-labelledby={`${p.id}-h`}>
      <h2 id={`${p.id}-h`}>{p.title}</h2>
      <form class="form" onSubmit={save}>
        <fieldset disabled={!p.canWrite}>
          <FormFields idPrefix={p.id} fields={p.fields} values={values} onChange={setValues} />
        </fieldset>
        {info && <p class="muted settings-info">{info}</p>}
        {p.canWrite && (
          <div>
            <button type="submit" class="btn btn-primary">Simpan</button>
            {p.test && (
              <button type="button" class="btn btn-light" onClick={test}>{p.test.label}</button>
            )}
          </div>
        )}
      </form>
      <Blocker active={saving} />
    </section>
  );
}
