import assert from "node:assert/strict";
import { join, normalize, relative } from "node:path";
import { accepted, ApiError, errorText, get, post, request } from "../components/ui/api.ts";
import { FORBIDDEN } from "../lib/auth/roles.ts";
import { STALE_MESSAGE } from "../lib/errors.ts";

const root = normalize(join(import.meta.dirname!, ".."));
const API = "components/ui/api.ts";

/** The browser code: every module of islands/ and components/, with its text. */
async function browserFiles(): Promise<[string, string][]> {
  const out: [string, string][] = [];
  const walk = async (dir: string) => {
    for await (const e of Deno.readDir(dir)) {
      const p = join(dir, e.name);
      if (e.isDirectory) await walk(p);
      else if (/\.tsx?$/.test(e.name)) out.push([relative(root, p), await Deno.readTextFile(p)]);
    }
  };
  for (const d of ["islands", "components"]) await walk(join(root, d));
  return out;
}

/** Where `re` occurs in the browser code outside `allowed` (as `file:line`). */
async function occurrences(re: RegExp, allowed: string[]): Promise<string[]> {
  const hits: string[] = [];
  for (const [f, src] of await browserFiles()) {
    if (allowed.includes(f)) continue;
    src.split("\n").forEach((l, i) => re.test(l) && hits.push(`${f}:${i + 1}`));
  }
  return hits;
}

Deno.test("browser code reaches the server only through components/ui/api.ts", async () => {
  assert.deepEqual(await occurrences(/\bfetch\s*\(/, [API]), []);
});

Deno.test("the 'Error!' dialog and its 'Terjadi kesalahan: ' are written once (alertError)", async () => {
  assert.deepEqual(await occurrences(/alertDialog\(\s*"Error!"/, [API]), []);
  assert.deepEqual(await occurrences(/Terjadi kesalahan: /, [API]), []);
});

Deno.test("the required-field mark is written once (<Field required>)", async () => {
  assert.deepEqual(await occurrences(/class="req"/, ["components/ui/Field.tsx"]), []);
});

Deno.test("FormField is the server's field declaration, not a copy of it", async () => {
  const src = await Deno.readTextFile(join(root, "components/ui/Form.tsx"));
  assert.doesNotMatch(src, /interface FormField\b/);
  assert.match(src, /import type \{[^}]*\bTableField\b[^}]*\} from "..\/..\/lib\/resource\//);
});

/**
 * Top-level functions (components, hooks) of the browser code longer than `max` lines, as
 * `file:line name (n)`. deno fmt puts a declaration's closing line at column 0.
 */
async function longFunctions(max: number): Promise<string[]> {
  const out: string[] = [];
  const start =
    /^(?:export\s+)?(?:default\s+)?(?:async\s+)?function\s*(\w*)|^(?:export\s+)?const\s+(\w+)\s*=.*(?:=>|\bfunction\b)\s*[({]?\s*$/;
  for (const [f, src] of await browserFiles()) {
    const lines = src.split("\n");
    for (let i = 0; i < lines.length; i++) {
      const m = lines[i].match(start);
      if (!m) continue;
      let j = i + 1;
      for (; j < lines.length; j++) {
        if (!/^\S/.test(lines[j])) continue;
        if (/^[})\]]+;?$/.test(lines[j])) break;
        if (/^[})\]]/.test(lines[j])) continue; // `}) {` after a parameter type
        j--; // the next declaration
        break;
      }
      // a one-line reason right above the declaration (or its doc comment) allows more
      const above = lines.slice(Math.max(0, i - 12), i).reverse();
      const reason = above.find((l) => !/^\s*(\/\*\*|\*)/.test(l) || /^\/\/ /.test(l));
      const n = j - i + 1;
      if (n > max && !/^\/\/ Long: \S/.test(reason ?? "")) {
        out.push(`${f}:${i + 1} ${m[1] || m[2]} (${n})`);
      }
    }
  }
  return out;
}

Deno.test("no browser component or function over 100 lines without a one-line reason", async () => {
  assert.deepEqual(await longFunctions(100), []);
});

Deno.test("no browser module over 300 lines", async () => {
  const long = (await browserFiles()).filter(([, src]) => src.split("\n").length > 300);
  assert.deepEqual(long.map(([f]) => f), []);
});

/** A stand-in for what may answer instead of the app (a proxy, a crashed server). */
function stub(answer: (path: string) => Response) {
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: () => {} },
    (req) => answer(new URL(req.url).pathname),
  );
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
}

/** The `ApiError` a promise rejects with. */
async function refusal(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error("not refused");
}

Deno.test("api: a refusal carries its status and the server's message", async () => {
  await using s = stub((path) =>
    path === "/json"
      ? Response.json({ success: false, message: "Kode sudah digunakan." }, { status: 400 })
      : path === "/flag"
      ? Response.json({ success: false, message: "Ditolak." })
      : Response.json({ success: true, message: "Tersimpan.", data: { _version: "v2" } })
  );
  const e = await refusal(get(`${s.url}/json`));
  assert.equal(e.status, 400);
  assert.equal(e.message, "Kode sudah digunakan.");
  // a 200 that says `success: false` is a refusal too
  assert.equal((await refusal(post(`${s.url}/flag`, new URLSearchParams()))).message, "Ditolak.");
  const saved = await post<{ _version: string }>(`${s.url}/ok`, new URLSearchParams({ a: "1" }));
  assert.equal(saved.message, "Tersimpan.");
  assert.equal(saved.data?._version, "v2");
});

Deno.test("api: 401, 403 and 409 without a message get the app's Indonesian one", async () => {
  await using s = stub((path) => new Response(null, { status: Number(path.slice(1)) }));
  const said = async (status: number) => (await refusal(get(`${s.url}/${status}`))).message;
  assert.equal(await said(401), "Sesi tidak valid, silakan login kembali.");
  assert.equal(await said(403), FORBIDDEN);
  assert.equal(await said(409), STALE_MESSAGE);
  assert.equal(await said(500), "Status 500");
});

Deno.test("api: a saved answer without a message says 'Data Berhasil di Simpan'", async () => {
  await using s = stub(() => Response.json({ success: true }));
  assert.equal((await post(`${s.url}/x`)).message, "Data Berhasil di Simpan");
});

Deno.test("api: a page instead of JSON is read as text; request() never throws on a status", async () => {
  await using s = stub(() => new Response("Bad Gateway (proxy)", { status: 502 }));
  const a = await request(`${s.url}/x`);
  assert.deepEqual({ ...a }, {
    status: 502,
    ok: false,
    body: null,
    message: "Bad Gateway (proxy)",
  });
  assert.equal(
    errorText(await refusal(Promise.resolve().then(() => accepted(a))), "status"),
    "Status 502: Bad Gateway (proxy)",
  );
});

Deno.test("api: the three ways a failure is worded", () => {
  const e = new ApiError(409, "Data ini sudah diubah.");
  assert.equal(errorText(e), "Terjadi kesalahan: Data ini sudah diubah.");
  assert.equal(errorText(e, "message"), "Data ini sudah diubah.");
  assert.equal(errorText(e, "status"), "Status 409: Data ini sudah diubah.");
  // no answer came (the network): the spec's bare 'Terjadi kesalahan'
  assert.equal(errorText(new TypeError("Failed to fetch"), "status"), "Terjadi kesalahan");
});
