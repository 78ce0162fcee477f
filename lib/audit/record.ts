/** Field names never written to the log: secrets, and the sessions' counter (bookkeeping). */
const SECRET = /password|token|secret|^sessionGen$/i;
/** Secrets proper: a change of one is told (a password reset), never shown. */
const CREDENTIAL = /password|token|secret/i;

/** A JSON text holding none of these holds no secret's field (a match may be a value). */
const MAY_HOLD_SECRET = /password|token|secret|"sessionGen":/i;

/** The JSON of `v` without secrets, bigints as text (no replacer when no secret's name shows). */
export function scrubbedJson(v: unknown): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(v);
  } catch { /* a bigint: the replacer below */ }
  if (json !== undefined && !MAY_HOLD_SECRET.test(json)) return json;
  return JSON.stringify(v, (k, x) => {
    if (k && SECRET.test(k)) return undefined;
    return typeof x === "bigint" ? x.toString() : x;
  });
}

/** The fields that differ between two records (`_` fields ignored), or null when none. */
export function diff(
  old: Record<string, unknown>,
  now: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const k of new Set([...Object.keys(old), ...Object.keys(now)])) {
    if (k.startsWith("_") || SECRET.test(k)) continue;
    if (JSON.stringify(old[k]) !== JSON.stringify(now[k])) {
      before[k] = old[k];
      after[k] = now[k];
    }
  }
  return Object.keys(after).length ? { before, after } : null;
}

/** One record's change as the log words it (see `changeEvent`). */
export interface ChangeEvent {
  action: string;
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

/** The entry of one record's change (a changed secret: `reset_password`), null when none. */
export function changeEvent(
  entity: string,
  entityId: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): ChangeEvent | null {
  if (!before) return after && { action: "create", entity, entityId, after };
  if (!after) return { action: "delete", entity, entityId, before };
  const d = diff(before, after);
  const reset = [...new Set([...Object.keys(before), ...Object.keys(after)])].some((k) =>
    CREDENTIAL.test(k) && JSON.stringify(before[k]) !== JSON.stringify(after[k])
  );
  if (!reset) return d && { action: "update", entity, entityId, ...d };
  const who = after.username === undefined ? {} : { username: after.username };
  return {
    action: "reset_password",
    entity,
    entityId,
    before: d?.before ?? {},
    after: { ...who, ...d?.after },
  };
}

/** The action of an entry of many records' changes, its `after` each as `changeEvent` words it. */
export const CHANGES = "changes";
/** Records per `CHANGES` entry, so its index keys (`MAX_TOKENS` each) fit its one commit. */
export const RECORDS_PER_ENTRY = 20;

/** One record's change inside a `CHANGES` entry. */
export type RecordChange = Omit<ChangeEvent, "entity">;

/** Many records' changes as `CHANGES` entries of one entity, `RECORDS_PER_ENTRY` at most. */
export function changesEvents(
  changes: {
    entity: string;
    entityId: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }[],
): { action: string; entity: string; after: RecordChange[] }[] {
  const out: { action: string; entity: string; after: RecordChange[] }[] = [];
  for (const c of changes) {
    const ev = changeEvent(c.entity, c.entityId, c.before, c.after);
    if (!ev) continue;
    const { entity, ...rec } = ev;
    const last = out.at(-1);
    if (last && last.entity === entity && last.after.length < RECORDS_PER_ENTRY) {
      last.after.push(rec);
    } else out.push({ action: CHANGES, entity, after: [rec] });
  }
  return out;
}

/** The records an entry names: each of a `CHANGES` entry's, else the entry itself. */
export function recordsOf<E extends { action: string; entityId?: string; after?: unknown }>(
  e: E,
): { action?: string; entityId?: string; before?: unknown; after?: unknown }[] {
  return e.action === CHANGES && Array.isArray(e.after) ? e.after as RecordChange[] : [e];
}

/** Fields whose words name a record: medical record numbers, names, NIK. */
const NAMING = /^(erm|no_?rm|norm|nik|fullname|full_name|first_name|last_name|name|nama)$/i;
/** Fields holding another record's id (a stay's patient, an examination's stay). */
const REF = /^(_id|ipdId|pasienId|patientId|visitId|stayId)$/;
/** Most tokens kept per entry (and remembered per record). */
export const MAX_TOKENS = 16;
const MAX_DEPTH = 4;

/** The search words of a text: lower case, 2 to 48 long (a number also without leading zeros). */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const w of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (w.length < 2) continue;
    out.push(w.slice(0, 48));
    if (/^0+\d+$/.test(w)) out.push(w.replace(/^0+/, "").slice(0, 48));
  }
  return out;
}

/** A record's key tokens (naming words, ids), and `refs`, ids whose memory it inherits. */
export function keyTokens(
  ev: { entityId?: string; before?: unknown; after?: unknown },
): { tokens: Set<string>; refs: Set<string> } {
  const tokens = new Set<string>();
  const refs = new Set<string>();
  const id = (v: string) => {
    const t = v.trim().toLowerCase().slice(0, 64);
    if (t.length >= 2) {
      tokens.add(t);
      refs.add(t);
    }
  };
  if (ev.entityId) id(ev.entityId);
  const walk = (v: unknown, depth: number) => {
    if (depth > MAX_DEPTH || v == null || typeof v !== "object") return;
    if (Array.isArray(v)) {
      for (const x of v.slice(0, 50)) walk(x, depth + 1);
      return;
    }
    for (const [k, x] of Object.entries(v)) {
      if (typeof x === "string" || typeof x === "number") {
        if (NAMING.test(k)) { for (const w of words(String(x))) tokens.add(w); }
        else if (REF.test(k) && typeof x === "string") id(x);
      } else walk(x, depth + 1);
    }
  };
  walk(ev.before, 0);
  walk(ev.after, 0);
  return { tokens, refs };
}
