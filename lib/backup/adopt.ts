/** A backup's SQLite copy taken in by row, in the backup worker (lib/backup/README.md). */
import { DatabaseSync } from "node:sqlite";
import { badBackup } from "./format.ts";

interface SqlObject {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

/** An object's kind as the refusal says it (a view and a trigger by their own names). */
const KINDS: Record<string, string> = { table: "tabel", index: "indeks" };

/** How many differences a refusal names. */
const SHOWN = 5;

const schemaOf = (db: DatabaseSync) =>
  db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master").all() as unknown as SqlObject[];

const same = (a: SqlObject, b: SqlObject) =>
  a.type === b.type && a.name === b.name && a.tbl_name === b.tbl_name && a.sql === b.sql;

/** 'trigger hapus': an object as the refusal names it (its name cut short, controls dropped). */
const said = (o: SqlObject) =>
  `${KINDS[o.type] ?? o.type} ${String(o.name).replace(/\p{C}/gu, "").slice(0, 40)}`;

/** What differs between `got` (the copy) and `want` (a new file's), as the refusal says it. */
function differences(got: SqlObject[], want: SqlObject[]): string[] {
  const out: string[] = [];
  for (const o of got) {
    if (want.some((w) => same(o, w))) continue;
    const named = want.some((w) => w.type === o.type && w.name === o.name);
    out.push(named ? `${said(o)} berbeda` : said(o));
  }
  for (const w of want) {
    if (!got.some((o) => o.type === w.type && o.name === w.name)) out.push(`tanpa ${said(w)}`);
  }
  return out;
}

/** Rows one statement of the row-by-row copy inserts. */
const BATCH = 100;

/** Copies table `t`'s rows through JavaScript: node:sqlite refuses `ATTACH` without `-A`. */
function copied(src: DatabaseSync, dst: DatabaseSync, t: string, cols: string[]) {
  const read = src.prepare(`SELECT ${cols.join(", ")} FROM "${t}"`);
  read.setReadBigInts(true);
  const one = `(${cols.map(() => "?").join(", ")})`;
  const insert = (n: number) =>
    dst.prepare(
      `INSERT OR REPLACE INTO "${t}" (${cols.join(", ")}) VALUES ${Array(n).fill(one).join(", ")}`,
    );
  const full = insert(BATCH);
  let rows: unknown[] = [];
  for (const row of read.iterate()) {
    rows.push(...Object.values(row));
    if (rows.length === BATCH * cols.length) full.run(...rows as never[]), rows = [];
  }
  if (rows.length) insert(rows.length / cols.length).run(...rows as never[]);
}

/**
 * Refuses (422) a schema of `from` not exactly that of `into`, a file Deno KV just made, then
 * copies the rows into it in one transaction (`attach: false`: row by row).
 */
export function adoptRows(from: string, into: string, o: { attach?: boolean } = {}): void {
  const src = new DatabaseSync(from, { readOnly: true });
  const dst = new DatabaseSync(into);
  try {
    const want = schemaOf(dst);
    const diff = differences(schemaOf(src), want);
    if (diff.length) {
      const more = diff.length > SHOWN ? `, dan ${diff.length - SHOWN} lainnya` : "";
      throw badBackup(
        `isi berkas bukan cadangan aplikasi (${diff.slice(0, SHOWN).join(", ")}${more}).`,
      );
    }
    let attached = o.attach ?? true;
    if (attached) {
      try {
        dst.prepare("ATTACH DATABASE ? AS src").run(from);
      } catch {
        attached = false; // 'too many attached databases - max 0': narrowed permissions
      }
    }
    dst.exec("BEGIN");
    try {
      for (const t of want) {
        if (t.type !== "table" || t.name === "migration_state") continue;
        const cols = (dst.prepare("SELECT name FROM pragma_table_info(?)").all(t.name) as {
          name: string;
        }[]).map((c) => `"${c.name}"`);
        if (!attached) copied(src, dst, t.name, cols);
        else {
          dst.exec(
            `INSERT OR REPLACE INTO main."${t.name}" (${cols.join(", ")}) ` +
              `SELECT ${cols.join(", ")} FROM src."${t.name}"`,
          );
        }
      }
      dst.exec("COMMIT");
    } catch (e) {
      dst.exec("ROLLBACK");
      throw e;
    }
  } finally {
    src.close();
    dst.close();
  }
}
