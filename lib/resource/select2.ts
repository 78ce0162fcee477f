import type { Doc, MemIndex } from "../index/index.ts";
import type { EmptyReason, ResourceDef, SelectDef } from "./resource.ts";
import type { Store } from "../db/store.ts";

/** Options per select2 page. */
export const SELECT_PAGE = 20;

/** The text of a record's select option. */
export const optionText = (def: ResourceDef, doc: Doc) =>
  def.optionText ? def.optionText(doc) : String(doc.desc ?? doc.name ?? doc._id);

/** Ids named by a query parameter: repeated (`a[]=1&a[]=2`) or comma-separated. */
export function idsOf(params: URLSearchParams, names: string[]): Set<string> {
  const all = names.flatMap((n) => [...params.getAll(n), ...params.getAll(`${n}[]`)]);
  return new Set(all.flatMap((v) => v.split(",")).map((id) => id.trim()).filter(Boolean));
}

/** Equality filters taken from query parameters (`{ param: field }`). */
export function paramFilter(
  params: URLSearchParams,
  map: Record<string, string> | undefined,
): Record<string, string> {
  const where: Record<string, string> = {};
  for (const [param, field] of Object.entries(map ?? {})) {
    const v = params.get(param);
    if (v) where[field] = v;
  }
  return where;
}

/** A resource's screen as a link: `{verb} di Data Master › Ruang` (null without a screen). */
export function screenLink(def: ResourceDef | undefined, verb: string) {
  if (!def?.page) return null;
  return {
    href: def.page.path,
    link: `${verb} di ${def.page.group} › ${def.page.title ?? def.label}`,
  };
}

/**
 * Why a select2 answer is empty: with no record past the filters, the lookup's `whyEmpty` or an
 * empty collection's 'Daftar Ruang masih kosong.'; when typed text found none, `whyNotFound`.
 */
export async function emptyReason(
  def: ResourceDef,
  index: MemIndex<Doc>,
  base: Record<string, string>,
  sel: SelectDef,
  params: URLSearchParams,
  ctx: { store: Store; registry: Map<string, ResourceDef> },
): Promise<EmptyReason | null> {
  const where = { ...base, ...sel.where, ...paramFilter(params, sel.params) };
  if (index.query({ where, start: 0, length: 0, countUpTo: 1 }).filtered > 0) {
    const typed = (params.get("q") ?? params.get("term") ?? "").trim();
    return typed && sel.whyNotFound ? await sel.whyNotFound(ctx) : null;
  }
  const own = await sel.whyEmpty?.(ctx);
  if (own) return own;
  const screen = screenLink(def, "Isi");
  return index.size === 0 && screen
    ? { text: `Daftar ${def.page?.title ?? def.label} masih kosong.`, ...screen }
    : null;
}

/** A query's page with the rows lacking `field` after the others (every match is read). */
function blanksLast(index: MemIndex<Doc>, q: Parameters<MemIndex<Doc>["query"]>[0], field: string) {
  const all = index.query({ ...q, start: 0, length: index.size, countUpTo: index.size }).rows;
  const blank = (r: (typeof all)[number]) => String(r.value[field] ?? "").trim() === "";
  const rows = [...all.filter((r) => !blank(r)), ...all.filter(blank)];
  const start = q.start ?? 0;
  return { rows: rows.slice(start, start + (q.length ?? SELECT_PAGE)), filtered: rows.length };
}

/** Answers a select2 lookup (`q`/`term`, `page`) over a resource's index. */
export function select2(
  def: ResourceDef,
  index: MemIndex<Doc>,
  params: URLSearchParams,
  base: Record<string, string>,
  sel: SelectDef = {},
) {
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const skip = idsOf(params, sel.exclude ?? []);
  const first = def.columns.find((c) => c.orderable !== false && c.format !== "switch")?.data;
  const by = first ? [{ field: first, dir: "asc" as const }] : [];
  const q = {
    search: params.get("q") ?? params.get("term") ?? "",
    searchFields: def.search,
    where: { ...base, ...sel.where, ...paramFilter(params, sel.params) },
    filter: skip.size ? (d: Doc) => !skip.has(d._id) : undefined,
    match: sel.match,
    prefilter: sel.prefilter,
    order: sel.order ? [{ field: sel.order, dir: "asc" as const }, ...by] : by,
    start: (page - 1) * SELECT_PAGE,
    length: SELECT_PAGE,
    countUpTo: page * SELECT_PAGE + 1, // enough to tell whether there is a next page
  };
  const res = sel.order ? blanksLast(index, q, sel.order) : index.query(q);
  return {
    results: res.rows.map((r) => {
      const note = def.optionNote?.(r.value);
      return { id: r.value._id, text: optionText(def, r.value), ...note ? { note } : {} };
    }),
    pagination: { more: page * SELECT_PAGE < res.filtered },
  };
}
