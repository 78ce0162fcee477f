import type { Doc } from "../index/index.ts";
import { hospitalDay } from "../hospital_time.ts";
import { badRequest } from "../errors.ts";
import { formatNumber } from "../format.ts";
import type { Registry } from "./refs.ts";
import { collectionOf, type ResourceDef } from "./resource.ts";
import type { Store } from "../db/store.ts";
import type { ExportColumn } from "./xlsx_export.ts";
import { streamXlsx } from "./xlsx_stream.ts";
import { templateColumns } from "./template.ts";

/** Most records one export writes (the shared strings of a sheet are held until its end). */
const RECORD_EXPORT_LIMIT = 100_000;

/** The columns of a resource's export, one per import header (a parent as its import code). */
async function columnsOf(
  store: Store,
  registry: Registry,
  def: ResourceDef,
): Promise<ExportColumn<Doc>[]> {
  const out: ExportColumn<Doc>[] = [];
  for (const { field: h, header: title } of templateColumns(def)) {
    const ref = def.refs?.find((r) => r.input === h);
    if (ref) {
      const pdef = registry.get(ref.resource)!;
      const by = ref.importBy ?? pdef.import?.key ?? "kode";
      const parents = await collectionOf(store, pdef).index();
      const codeOf = (d: Doc) => {
        const id = (d[ref.field] as Doc | null)?._id;
        return id ? parents.get(id)?.value[by] : "";
      };
      out.push({ title, type: "text", value: codeOf });
      continue;
    }
    const date = def.fields.find((f) => f.name === h)?.type === "date";
    out.push({ title, type: date ? "date" : "text", value: (d) => d[h] ?? "" });
  }
  return out;
}

/** Every record of a resource as an .xlsx that imports back (`import.export`), by import key. */
export async function exportRecords(store: Store, registry: Registry, def: ResourceDef) {
  const key = def.import!.key;
  const rows = (await collectionOf(store, def).index()).rows().map((r) => r.value);
  if (rows.length > RECORD_EXPORT_LIMIT) {
    throw badRequest(
      `Ekspor ${def.label} paling banyak ${formatNumber(RECORD_EXPORT_LIMIT)} data ` +
        `(ada ${formatNumber(rows.length)}).`,
    );
  }
  const text = (d: Doc) => String(d[key] ?? "");
  rows.sort((a, b) => text(a) < text(b) ? -1 : text(a) > text(b) ? 1 : 0);
  return {
    filename: `${def.name}-${hospitalDay(new Date())}.xlsx`,
    rows: rows.length,
    body: streamXlsx(await columnsOf(store, registry, def), rows, def.label),
  };
}
