import { z } from "zod";
import { HOSPITAL_CODE_RE } from "./client.ts";

/** One hospital's licence in the shipped service: `actived`, `lisensi` and any extra fields. */
export type LicenceEntry = { actived: boolean; lisensi: string } & Record<string, unknown>;
/** Licences by hospital code. */
export type LicenceCodes = Record<string, LicenceEntry>;

const codesSchema = z.record(
  z.string(),
  z.looseObject({ actived: z.boolean(), lisensi: z.string() }),
);

/** Reads and checks a JSON file of codes (`{"KODE": {"actived": true, "lisensi": "..."}}`). */
export async function readCodes(path: string): Promise<LicenceCodes> {
  let raw: unknown;
  try {
    raw = JSON.parse(await Deno.readTextFile(path));
  } catch (e) {
    throw new Error(`Berkas kode lisensi ${path} tidak dapat dibaca: ${(e as Error).message}`);
  }
  const bad = (why: string) => new Error(`Berkas kode lisensi ${path} tidak valid: ${why}`);
  const r = codesSchema.safeParse(raw);
  if (!r.success) {
    const i = r.error.issues[0];
    throw bad(`${i.path.join(".")} ${i.message}`);
  }
  const key = Object.keys(r.data).find((k) => !HOSPITAL_CODE_RE.test(k));
  if (key !== undefined) throw bad(`kode '${key}' hanya boleh huruf, angka, '-' dan '_'`);
  return r.data as LicenceCodes;
}

/** A running licence service. */
export interface LicenceServer {
  /** Base URL to use as `LICENCE_URL`. */
  url: string;
  /** Paths requested so far (tests check what was forwarded). */
  requests: string[];
  close(): Promise<void>;
}

const answer = (status: number, data: unknown[], message: string) =>
  Response.json({ data, message }, { status });

/** Answers `GET /menara-activation/{code}` from `codes` (looked up ignoring letter case). */
async function handle(url: URL, codes: () => LicenceCodes | Promise<LicenceCodes>) {
  const m = url.pathname.match(/^\/menara-activation\/([^/]+)$/);
  if (!m) return answer(404, [], "Alamat tidak ditemukan.");
  let code = "";
  try {
    code = decodeURIComponent(m[1]);
  } catch { /* stays empty */ }
  if (!HOSPITAL_CODE_RE.test(code)) return answer(400, [], "Kode Rumah Sakit tidak valid.");
  let all: LicenceCodes;
  try {
    all = await codes();
  } catch (e) {
    console.error(e);
    return answer(500, [], "Daftar kode lisensi tidak dapat dibaca.");
  }
  const key = Object.keys(all).find((k) => k.toUpperCase() === code.toUpperCase());
  if (!key) {
    return answer(404, [], `Kode Rumah Sakit ${code} tidak terdaftar pada layanan lisensi.`);
  }
  const entry = all[key];
  return answer(
    200,
    [{ hospitalCode: key, ...entry }],
    entry.actived ? "Lisensi aktif." : "Lisensi tidak aktif.",
  );
}

/** Starts the licence service (the activation service's protocol); `codes` read per request. */
export function startLicenceServer(opts: {
  codes: LicenceCodes | (() => Promise<LicenceCodes>);
  port?: number;
  hostname?: string;
}): LicenceServer {
  const hostname = opts.hostname ?? "127.0.0.1";
  const codes = typeof opts.codes === "function" ? opts.codes : () => opts.codes as LicenceCodes;
  const requests: string[] = [];
  const server = Deno.serve(
    { port: opts.port ?? 0, hostname, onListen: () => {} },
    (req) => {
      const url = new URL(req.url);
      requests.push(url.pathname);
      if (req.method !== "GET") return answer(405, [], "Metode tidak didukung.");
      return handle(url, codes);
    },
  );
  const host = hostname === "0.0.0.0" ? "127.0.0.1" : hostname;
  return {
    url: `http://${host}:${server.addr.port}`,
    requests,
    close: () => server.shutdown(),
  };
}
