import assert from "node:assert/strict";
import { join } from "node:path";
import { accepted, ApiError, errorText, get, post, request } from "../components/ui/api.ts";
import { FORBIDDEN } from "../lib/auth/roles.ts";
import { STALE_MESSAGE } from "../lib/errors.ts";
import { root, sourceFiles } from "./source_fixtures.ts";

const API = "components/ui/api.ts";

/** The browser code: every module of islands/ and components/, with its text. */
const browserFiles = () => sourceFiles(["islands", "components"]);

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

Deno.test("no browser module past 300 lines", async () => {
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

Deno.test("api: a refusal names the form fields it is about (ApiError.fields), first first", () => {
  const body = {
    success: false,
    message: "No. ERM wajib diisi. Nama depan wajib diisi.",
    field: "first_name",
    fields: { erm: "No. ERM wajib diisi.", first_name: "Nama depan wajib diisi." },
  };
  assert.deepEqual(Object.entries(new ApiError(400, body.message, body).fields), [
    ["first_name", "Nama depan wajib diisi."],
    ["erm", "No. ERM wajib diisi."],
  ]);
  // a field named without its own message gets the refusal's
  const one = new ApiError(409, 'No. ERM "1" sudah digunakan.', { field: "erm" });
  assert.deepEqual(one.fields, { erm: 'No. ERM "1" sudah digunakan.' });
  assert.deepEqual(new ApiError(409, "Data sudah berubah.", { success: false }).fields, {});
  assert.deepEqual(new ApiError(502, "Bad Gateway").fields, {});
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
