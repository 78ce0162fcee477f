/**
 * The request classes of `deno task load` (bench/load.ts), over what the server holds: search
 * terms typed from its own names, ERM numbers and ICD codes and words (bench/load_terms.ts),
 * lists asked at varied pages, orders and filters. A job may send several requests (reading a
 * patient, then saving it); each is its own sample in its own class.
 */
import { tableQuery } from "../lib/resource/datatables.ts";
import type { ColumnDef } from "../lib/resource/resource.ts";
import { DISCHARGE_COLUMNS, VISIT_COLUMNS } from "../lib/ipd/columns.ts";
import { registry } from "../resources/mod.ts";
import type { Answer, Recorder } from "./load_record.ts";
import { pick, typed, wordsOf } from "./load_terms.ts";

/** How long one request may take before it counts as a timeout. */
export const TIMEOUT_MS = 15_000;

type Get = (path: string) => Promise<{ data: Record<string, unknown>[]; recordsTotal: number }>;

/** `n` pages of `size` rows of a list at spread-out starts (a golden-ratio walk over its rows). */
async function spread(get: Get, path: string, n: number, size: number) {
  const total =
    (await get(`${path}${path.includes("?") ? "&" : "?"}start=0&length=1`)).recordsTotal;
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const start = Math.floor(((i * 0.618034) % 1) * Math.max(0, total - size));
    rows.push(
      ...(await get(`${path}${path.includes("?") ? "&" : "?"}start=${start}&length=${size}`)).data,
    );
  }
  return { rows, total };
}

/** Logs in over HTTP; returns the session cookie (throws naming the status otherwise). */
export async function login(base: string, code: string, username: string, password: string) {
  const r = await fetch(`${base}/auth/login`, {
    method: "POST",
    headers: { origin: base },
    body: new URLSearchParams({ hospitalCode: code, username, password }),
  });
  const body = await r.text();
  if (r.status !== 200) throw new Error(`Login gagal: ${r.status} ${body}`);
  const cookie = r.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  return cookie;
}

/** What the load draws from, read from the server first: patients, ICD codes, open stays. */
export async function discover(base: string, cookie: string) {
  const get: Get = async (path) => {
    const r = await fetch(`${base}${path}`, { headers: { cookie } });
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return r.json();
  };
  const pas = await spread(get, "/api/pasien", 20, 100);
  const icd10 = (await spread(get, "/api/icd?kind=icd10", 10, 100)).rows;
  const icd9 = (await spread(get, "/api/icd?kind=icd9", 5, 100)).rows;
  const open = (await get("/api/ipd?start=0&length=1000")).data as {
    _id: string;
    room: { _id: string };
    dpjp: { _id: string };
  }[];
  if (!pas.rows.length || !open.length) throw new Error("Server tidak berisi data uji.");
  const icdWords = (rows: Record<string, unknown>[]) => [
    ...rows.map((r) => String(r.code)),
    ...rows.flatMap((r) => wordsOf(String(r.desc ?? ""))).filter((w) => w.length >= 3),
  ];
  return {
    patients: pas.rows as { _id: string; erm: string; fullname: string }[],
    patientTotal: pas.total,
    names: pas.rows.flatMap((p) => wordsOf(String(p.fullname))),
    // a server without ICD codes still gets the select asked (with what clerks type first)
    icd10: icd10.length ? icdWords(icd10) : ["demam", "A0"],
    icd9: icd9.length ? icdWords(icd9) : ["89", "inj"],
    open: open.map((s) => s._id),
    rooms: [...new Set(open.map((s) => s.room._id))],
    dpjp: [...new Set(open.map((s) => s.dpjp?._id).filter(Boolean))],
  };
}

export type World = Awaited<ReturnType<typeof discover>>;

const jakartaNow = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 16);

/** One job a simulated user picks: it sends its requests through `send`. */
export interface Job {
  name: string;
  /** The classes its requests are counted in, when not only `name`. */
  classes?: string[];
  run: (rnd: () => number, send: Send) => Promise<void>;
}

/** Sends a GET (or a form POST with `fields`) as one sample of class `cls`. */
export type Send = (
  cls: string,
  path: string,
  fields?: Record<string, string>,
  conflict?: number,
) => Promise<Answer>;

/** The sender of a run: each request one sample of the recorder. */
export function sender(base: string, cookie: string, rec: Recorder): Send {
  return (cls, path, fields, conflict) =>
    rec.send(
      cls,
      (signal) =>
        fields
          ? fetch(`${base}${path}`, {
            method: "POST",
            headers: { cookie, origin: base },
            body: new URLSearchParams(fields),
            signal,
          })
          : fetch(`${base}${path}`, { headers: { cookie }, signal }),
      conflict,
    );
}

/** An order a clerk may click: any orderable column, either way (none 30 %: the default). */
function orderOf(rnd: () => number, cols: ColumnDef[]): [number, "asc" | "desc"] | undefined {
  if (rnd() < 0.3) return undefined;
  const orderable = cols.flatMap((c, i) => c.orderable === false ? [] : [i]);
  return [pick(rnd, orderable), rnd() < 0.5 ? "asc" : "desc"];
}

/** A page start, the first pages far more often than later ones (0..`pages` - 1). */
const startOf = (rnd: () => number, pages: number, size = 10) =>
  size * Math.floor(rnd() * rnd() * pages);

/** A month of the five years before now as a discharge period. */
function monthRange(rnd: () => number): string {
  const d = new Date(Date.now() - Math.floor(rnd() * 60) * 30 * 86_400_000);
  const ym = d.toISOString().slice(0, 7);
  return `${ym}-01 / ${ym}-28`;
}

/** Lists, searches and pages. */
export function readJobs(w: World): Job[] {
  const patientCols = registry.get("pasien")!.columns;
  const list = (cols: ColumnDef[], rnd: () => number, search: string, params = {}, pages = 20) =>
    tableQuery(cols, {
      draw: 1,
      start: search ? startOf(rnd, 3) : startOf(rnd, pages),
      length: 10,
      search,
      order: orderOf(rnd, cols),
      params,
    });
  const nameTerm = (rnd: () => number) => typed(rnd, pick(rnd, w.names));
  return [
    {
      name: "daftar pasien + cari",
      run: async (rnd, send) => {
        const r = rnd();
        const p = pick(rnd, w.patients);
        const search = r < 0.3
          ? typed(rnd, p.erm)
          : r < 0.8
          ? nameTerm(rnd)
          : r < 0.9
          ? p.fullname
          : "";
        const pages = Math.ceil(w.patientTotal / 10);
        await send(
          "daftar pasien + cari",
          `/api/pasien?${list(patientCols, rnd, search, {}, pages)}`,
        );
      },
    },
    {
      name: "rawat inap + filter",
      run: async (rnd, send) => {
        const params: Record<string, string> = {};
        const r = rnd();
        if (r < 0.25) params.roomFilter = pick(rnd, w.rooms);
        else if (r < 0.5) params.dpjpFilter = pick(rnd, w.dpjp);
        else if (r < 0.65) params.analysisFilter = rnd() < 0.5 ? "negative" : "positive";
        else if (r < 0.75) params.readmisiFilter = "1";
        if (rnd() < 0.3) params.statusFilter = "semua";
        const search = rnd() < 0.3 ? nameTerm(rnd) : "";
        await send("rawat inap + filter", `/api/ipd?${list(VISIT_COLUMNS, rnd, search, params)}`);
      },
    },
    {
      name: "pasien pulang",
      run: async (rnd, send) => {
        const params: Record<string, string> = {};
        if (rnd() < 0.5) params.dateRange = monthRange(rnd);
        const r = rnd();
        if (r < 0.2) params.roomFilter = pick(rnd, w.rooms);
        else if (r < 0.4) params.dpjpFilter = pick(rnd, w.dpjp);
        const search = rnd() < 0.3 ? nameTerm(rnd) : "";
        const q = list(DISCHARGE_COLUMNS, rnd, search, params, 200);
        await send("pasien pulang", `/api/ipd/discharge-patient?${q}`);
      },
    },
    {
      name: "pilih ICD",
      run: async (rnd, send) => {
        const nine = rnd() < 0.3;
        const q = encodeURIComponent(typed(rnd, pick(rnd, nine ? w.icd9 : w.icd10)));
        const page = rnd() < 0.8 ? 1 : 2;
        await send("pilih ICD", `/api/icd/select2-icd${nine ? 9 : 10}?q=${q}&page=${page}`);
      },
    },
    {
      name: "halaman /pasien",
      run: async (_, send) => void await send("halaman /pasien", "/pasien"),
    },
    { name: "halaman /ipd", run: async (_, send) => void await send("halaman /ipd", "/ipd") },
  ];
}

const refId = (x: unknown) => (x as { _id?: string } | null)?._id ?? "";

/** Saves that may meet another user's save (409): each request its own sample. */
export function writeJobs(w: World): Job[] {
  const patientUpdate: Job = {
    name: "ubah pasien",
    classes: ["baca pasien (untuk ubah)", "ubah pasien"],
    run: async (rnd, send) => {
      const p = pick(rnd, w.patients);
      const read = await send("baca pasien (untuk ubah)", `/api/pasien/${p._id}`);
      if (read?.status !== 200) return;
      const d = JSON.parse(read.text).data;
      await send("ubah pasien", "/api/pasien/update", {
        id: d._id,
        _version: d._version,
        erm: d.erm,
        first_name: d.first_name,
        last_name: d.last_name ?? "",
        gender: d.gender,
        phone: `08${Math.floor(1e9 + rnd() * 8e9)}`,
        province: refId(d.province),
        regency: refId(d.regency),
        district: refId(d.district),
        village: refId(d.village),
        address: d.address ?? "",
        postalCode: d.postalCode ?? "",
      }, 409);
    },
  };
  const examAdd: Job = {
    name: "tambah pemeriksaan",
    run: async (rnd, send) =>
      void await send("tambah pemeriksaan", "/api/ipd/visitexamination/update", {
        id: "",
        ipdId: pick(rnd, w.open),
        examinationDate: jakartaNow(),
        subject: "Demam hari ke-2",
        object: "TD 120/80, N 88",
        assesment: "Observasi",
        plan: "Lanjut terapi",
        grouping: "",
        tarifinacbgSelect: "",
        tarif_rs: String(100_000 + Math.floor(rnd() * 900_000)),
      }, 409),
  };
  return [patientUpdate, examAdd];
}
