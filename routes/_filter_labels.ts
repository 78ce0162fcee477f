import type { Context } from "hono";
import type { AppEnv } from "../lib/http/env.ts";
import type { Registry } from "../lib/resource/refs.ts";
import { collectionOf } from "../lib/resource/resource.ts";

/** Display text of a list's id filters (room and DPJP names); the id itself when unknown. */
export async function filterLabels(
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
