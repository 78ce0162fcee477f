import { join, normalize, relative } from "node:path";

/** The repository's root folder. */
export const root = normalize(join(import.meta.dirname!, ".."));

/** Every module (`.ts`, `.tsx`) under `dirs` plus the root `files`, as `[path, text]`. */
export async function sourceFiles(
  dirs: string[],
  files: string[] = [],
): Promise<[string, string][]> {
  const out: [string, string][] = [];
  const walk = async (dir: string) => {
    for await (const e of Deno.readDir(dir)) {
      const p = join(dir, e.name);
      if (e.isDirectory && e.name !== "node_modules" && !e.name.startsWith(".")) await walk(p);
      else if (e.isFile && /\.tsx?$/.test(e.name)) {
        out.push([relative(root, p).replaceAll("\\", "/"), await Deno.readTextFile(p)]);
      }
    }
  };
  for (const d of dirs) await walk(join(root, d));
  for (const f of files) out.push([f, await Deno.readTextFile(join(root, f))]);
  return out.sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
}

/**
 * A top-level function, or a `const` bound to an arrow or function expression (its parameters
 * on the same line or, `= (` at the end, on the next ones).
 */
const TOP = new RegExp(
  [
    /^(?:export\s+)?(?:default\s+)?(?:async\s+)?function\*?\s*(\w*)/,
    /^(?:export\s+)?const\s+(\w+)\s*=.*(?:=>|\bfunction\b)\s*[({]?\s*$/,
    /^(?:export\s+)?const\s+(\w+)(?::.*)?\s*=\s*(?:async\s*)?(?:<.*>)?\(\s*$/,
  ].map((r) => r.source).join("|"),
);
/** A top-level class. */
const CLASS = /^(?:export\s+)?(?:default\s+)?(?:abstract\s+)?class\s+(\w+)/;
/** A method (or constructor, accessor, arrow property) at a class body's 2-space indent. */
const METHOD =
  /^ {2}(?:(?:public|private|protected|static|override|readonly|async|get|set)\s+)*\*?(#?\w+)\s*(?:<.*>)?(?:\(|=\s*(?:async\s*)?\(.*=>\s*\{?$)/;
const NOT_A_METHOD = new Set(["if", "for", "while", "switch", "return", "catch", "await", "super"]);

/**
 * The line index of the declaration's closing line, for a declaration at `indent` whose head is
 * on line `i`: deno fmt puts the closing `}` (or `})`, `];`) at the head's indent, while a
 * multi-line head closes its parameters there too (`}) {`, `): T {`), so those go on.
 */
function closing(lines: string[], i: number, indent: string): number {
  const deeper = new RegExp(`^${indent}(?:\\s|$)`);
  const own = new RegExp(`^${indent}`);
  for (let j = i + 1; j < lines.length; j++) {
    if (!own.test(lines[j]) || deeper.test(lines[j])) continue;
    const rest = lines[j].slice(indent.length);
    if (/^[})\]]+;?$/.test(rest)) return j;
    if (/^[})\]]/.test(rest)) continue; // `}) {` after a parameter type
    return j - 1; // the next declaration
  }
  return lines.length - 1;
}

/** Whether the line right above the declaration (or above its doc comment) is `// Long: <why>`. */
function reasoned(lines: string[], i: number): boolean {
  for (let k = i - 1; k >= 0; k--) {
    const l = lines[k].trim();
    if (/^(\/\*\*|\*)/.test(l)) continue;
    return /^\/\/ Long: \S/.test(l);
  }
  return false;
}

/**
 * The functions of the modules longer than `max` lines without a `// Long: <reason>` line above
 * them, as `file:line name (n)`: top-level functions (components, hooks, arrow constants) and the
 * methods of top-level classes. It reads deno-fmt'ed text, where a declaration closes at its
 * head's indent; functions nested in other functions are their parent's lines.
 */
export function longFunctions(files: [string, string][], max: number): string[] {
  const out: string[] = [];
  for (const [f, src] of files) {
    const lines = src.split("\n");
    const check = (i: number, end: number, name: string) => {
      const n = end - i + 1;
      if (n > max && !reasoned(lines, i)) out.push(`${f}:${i + 1} ${name} (${n})`);
    };
    for (let i = 0; i < lines.length; i++) {
      const top = lines[i].match(TOP);
      if (top) check(i, closing(lines, i, ""), top[1] || top[2] || top[3] || "default");
      const cls = lines[i].match(CLASS);
      if (!cls) continue;
      const end = closing(lines, i, "");
      for (let k = i + 1; k < end; k++) {
        const m = lines[k].match(METHOD);
        if (!m || NOT_A_METHOD.has(m[1])) continue;
        const last = closing(lines, k, "  ");
        check(k, last, `${cls[1]}.${m[1]}`);
        k = last;
      }
    }
  }
  return out;
}
