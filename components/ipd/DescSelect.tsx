import { useState } from "react";
import { type Option, Select } from "../ui/Select.tsx";
import { get } from "../ui/api.ts";

/** A select of a titled reference (care status, ER criterion) with the chosen one's description. */
export function DescSelect({ id, resource, value, desc, onChange }: {
  id: string;
  resource: string;
  value: Option | null;
  /** The description known when the form opened (an edit). */
  desc: string;
  onChange: (o: Option | null) => void;
}) {
  const [shown, setShown] = useState(desc);
  const pick = async (o: Option | null) => {
    onChange(o);
    setShown("");
    if (!o) return;
    try {
      const d = await get<{ data?: { desc?: string } }>(
        `/api/${resource}/${encodeURIComponent(o.id)}`,
      );
      setShown(String(d.data?.desc ?? ""));
    } catch (e) {
      console.error(e);
    }
  };
  return (
    <>
      <Select id={id} url={`/api/${resource}/select2`} value={value} onChange={pick} />
      {shown && <p class="field-desc" id={`${id}-desc`}>{shown}</p>}
    </>
  );
}
