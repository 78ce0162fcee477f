import type { Doc, OrderBy } from "./doc.ts";
import type { Entry, View } from "./scan.ts";
import { buildView, groupKey, updateGroups, updateList, updateView } from "./view.ts";

/** Cached orderings per index (each holds its entries' insertion ranks). */
const MAX_VIEWS = 64;

/** A view's key in the cache: its `where` and order. */
function signature(order: OrderBy[], where?: [string, string]): string {
  return (where ? `${where[0]}=${where[1]}|` : "") +
    order.map((o) => `${o.field}:${o.dir}`).join(",");
}

/** A cached view as a snapshot keeps it: its entries' insertion ranks in view order. */
export interface SavedView {
  order: OrderBy[];
  where?: [string, string];
  ranks: Int32Array;
}

/** An index's cached list, orderings and groupings over its entries, kept in step with writes. */
export class ViewCache<T extends Doc> {
  #all: Entry<T>[] | null = null;
  #views = new Map<string, View<T>>();
  #groups = new Map<string, Map<string, Entry<T>[]>>();
  /** Views restored from a snapshot, made into views when first asked for (or written to). */
  #saved = new Map<string, SavedView>();

  /** `entries` in insertion order; `bySeq` the same by rank (one array the views read through). */
  constructor(
    readonly entries: () => Iterable<Entry<T>>,
    readonly bySeq: (Entry<T> | undefined)[],
  ) {}

  /** Applies one write (`old` or `neu` null: an insert or a removal) to every cache. */
  update(old: Entry<T> | null, neu: Entry<T> | null): void {
    this.#unsaveAll(); // before the write changes the entries their ranks name
    if (this.#all) updateList(this.#all, old, neu);
    for (const v of this.#views.values()) updateView(v, old, neu);
    updateGroups(this.#groups, old, neu);
  }

  /** Drops every cache, to be rebuilt on the next read. */
  drop(): void {
    this.#all = null;
    this.#views.clear();
    this.#groups.clear();
    this.#saved.clear();
  }

  /** Drops the list and groupings (their entries were replaced), rebuilt on the next read. */
  dropLists(): void {
    this.#all = null;
    this.#groups.clear();
  }

  /** Takes views from a snapshot (least recently asked first), made when first asked for. */
  restore(views: SavedView[]): void {
    for (const v of views) this.#saved.set(signature(v.order, v.where), v);
  }

  /** The cached views, least recently asked first, as a snapshot keeps them. */
  saved(): SavedView[] {
    const out = [...this.#saved.values()];
    for (const v of this.#views.values()) {
      out.push({ order: v.order, where: v.where, ranks: v.seqs });
    }
    return out;
  }

  /** Makes every saved view a view. */
  #unsaveAll(): void {
    if (this.#saved.size) { for (const sig of [...this.#saved.keys()]) this.#unsave(sig); }
  }

  /** Makes a saved view a view, the most recently asked. */
  #unsave(sig: string): View<T> {
    const { order, where, ranks } = this.#saved.get(sig)!;
    this.#saved.delete(sig);
    // a copy: the snapshot's orderings share one buffer, let go once every one is a view
    const v: View<T> = { seqs: ranks.slice(), bySeq: this.bySeq, order, where };
    this.#views.delete(sig);
    this.#views.set(sig, v);
    return v;
  }

  /** Every entry, in insertion order. */
  list(): Entry<T>[] {
    return this.#all ??= [...this.entries()];
  }

  /** Entries in one order (all, or one `where` group), cached (`MAX_VIEWS`, least recent out). */
  view(order: OrderBy[], where?: [string, string]): View<T> {
    const sig = signature(order, where);
    if (this.#saved.has(sig)) return this.#unsave(sig);
    let v = this.#views.get(sig);
    if (v) {
      // the least recently asked goes first
      this.#views.delete(sig);
      this.#views.set(sig, v);
    } else {
      const list = where ? this.group(where[0]).get(where[1]) ?? [] : this.list();
      v = buildView(list, order, this.bySeq, where);
      if (this.#views.size + this.#saved.size >= MAX_VIEWS) {
        const old = this.#saved.size ? this.#saved : this.#views;
        old.delete(old.keys().next().value!);
      }
      this.#views.set(sig, v);
    }
    return v;
  }

  /** Whether the view of `order` (over one `where` group) is cached or saved. */
  has(order: OrderBy[], where?: [string, string]): boolean {
    const sig = signature(order, where);
    return this.#views.has(sig) || this.#saved.has(sig);
  }

  /** The cached views' signatures, the least recently asked first. */
  signatures(): string[] {
    return [...this.#saved.keys(), ...this.#views.keys()];
  }

  /** The entries grouped by their value at `field`, in insertion order (cached). */
  group(field: string): Map<string, Entry<T>[]> {
    let g = this.#groups.get(field);
    if (!g) {
      g = new Map();
      for (const e of this.list()) {
        const k = groupKey(e, field);
        const arr = g.get(k);
        if (arr) arr.push(e);
        else g.set(k, [e]);
      }
      this.#groups.set(field, g);
    }
    return g;
  }
}
