import type { IcdItem } from "../../lib/ipd/model.ts";
import type { Option } from "../ui/Select.tsx";

/** An ICD item as a select option, with the text the ICD lookups give: 'code - desc'. */
export const icdOption = (i: IcdItem): Option => ({ id: i._id, text: `${i.code} - ${i.desc}` });

/** The codes of chosen ICD options ('J18.9 - Pneumonia' → 'J18.9'). */
export const codesOf = (list: Option[]) => list.map((o) => o.text.split(" - ")[0].trim());

/** Chosen ids as the API takes a list: comma-separated. */
export const idList = (list: Option[]) => list.map((o) => o.id).join(",");
