import type { Context } from "hono";
import type { AppEnv } from "../lib/http/env.ts";
import type { Registry } from "../lib/resource/refs.ts";
import { collectionOf } from "../lib/resource/resource.ts";
import { AppError } from "../lib/errors.ts";
import { auditList } from "../lib/http/folded.ts";
import {
  type TableAnswer,
  tableAnswer,
  type TableOrder,
  tableQuery,
} from "../lib/resource/datatables.ts";
import type { ColumnDef } from "../lib/resource/resource.ts";
import { queryOf } from "../lib/http/request.ts";

/** Display text of a list's id filters (room and DPJP names); the id itself when unknown. */
async function filterLabels(
  c: Context<AppEnv>,
  registry: Registry,
  f: { roomFilter?: string; dpjpFilter?: string },
): Promise<Record<string, string>> {
  const labels: Record<string, string> = {};
  const name = async (resource: string, id: string, field: string) => {
    const row = await collectionOf(c.get("store"), registry.get(resource)!).find(id);
    return String(row?.value[field] ?? id);
  };
  if (f.roomFilter) labels.roomFilter = await name("room", f.roomFilter, "name");
  if (f.dpjpFilter) labels.dpjpFilter = await name("doctor", f.dpjpFilter, "fullname");
  return labels;
}

/** A list's first rows, filtered by the query's `keys`, audited; a 400 gives none, its message. */
export async function firstPage<K extends string>(
  c: Context<AppEnv>,
  registry: Registry,
  entity: string,
  list: { keys: readonly K[]; columns: ColumnDef[]; length: number; order: TableOrder },
  read: (q: URLSearchParams) => Promise<TableAnswer<Record<string, unknown>>>,
) {
  const query = queryOf(c), filters: Partial<Record<K, string>> = {};
  for (const k of list.keys) {
    const v = query.get(k)?.trim();
    if (v) filters[k] = v;
  }
  const params = filters as Record<string, string>;
  const q = tableQuery(list.columns, { draw: 0, start: 0, ...list, params });
  let initial = tableAnswer<Record<string, unknown>>(0, { total: 0, filtered: 0 }, []);
  let error: string | undefined;
  try {
    initial = await read(q);
  } catch (e) {
    if (!(e instanceof AppError) || e.status !== 400) throw e;
    error = e.message;
  }
  auditList(c, entity, initial.data.length);
  return { initial, filters, labels: await filterLabels(c, registry, filters), error };
}
