/** The request classes of `deno task load` (bench/load.ts), over what the server holds. */
import { tableQuery } from "../lib/resource/datatables.ts";
import { DISCHARGE_COLUMNS, VISIT_COLUMNS } from "../lib/ipd/columns.ts";
import { registry } from "../resources/mod.ts";

/** How long one request may take before it counts as an error. */
export const TIMEOUT_MS = 15_000;

/** What the load reads from the server first: patients, open stays, their rooms and DPJPs. */
export async function discover(base: string, cookie: string) {
  const get = async (path: string) => {
    const r = await fetch(`${base}${path}`, { headers: { cookie } });
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return r.json();
  };
  const first = await get("/api/pasien?start=0&length=1");
  const total: number = first.recordsTotal;
  const patients: { _id: string; erm: string; fullname: string }[] = [];
  for (let i = 0; i < 5; i++) {
    const start = Math.floor((total * i) / 5);
    patients.push(...(await get(`/api/pasien?start=${start}&length=200`)).data);
  }
  const open = (await get("/api/ipd?start=0&length=1000")).data as {
    _id: string;
    room: { _id: string };
    dpjp: { _id: string };
  }[];
  if (!patients.length || !open.length) throw new Error("Server tidak berisi data uji.");
  return {
    patients,
    open: open.map((s) => s._id),
    rooms: [...new Set(open.map((s) => s.room._id))],
    dpjp: [...new Set(open.map((s) => s.dpjp?._id).filter(Boolean))],
  };
}

export type World = Awaited<ReturnType<typeof discover>>;

const ICD_TERMS = ["fever", "pneumonia", "J18", "A09", "fracture", "diabetes", "K35", "I10", "tb"];
const jakartaNow = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 16);

/** One request class: a name and how to send one request of it. */
export interface Job {
  name: string;
  run: (rnd: () => number) => Promise<Response>;
  /** Statuses counted as conflicts rather than errors. */
  conflict?: number;
}

const pick = <T>(rnd: () => number, xs: T[]) => xs[Math.floor(rnd() * xs.length)];

type Get = (path: string) => Promise<Response>;
type Post = (path: string, fields: Record<string, string>) => Promise<Response>;

/** The request classes a simulated user picks from. */
export function jobs(base: string, cookie: string, w: World) {
  const get = (path: string) =>
    fetch(`${base}${path}`, { headers: { cookie }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const post = (path: string, fields: Record<string, string>) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { cookie, origin: base },
      body: new URLSearchParams(fields),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  return { reads: reads(get, w), writes: writes(get, post, w) };
}

/** Lists, searches and pages. */
function reads(get: Get, w: World): Job[] {
  const patientCols = registry.get("pasien")!.columns;
  return [
    {
      name: "daftar pasien + cari",
      run: (rnd) => {
        const p = pick(rnd, w.patients);
        const r = rnd();
        const search = r < 0.4 ? p.erm : r < 0.8 ? p.fullname.split(" ")[1] : p.fullname;
        return get(
          `/api/pasien?${tableQuery(patientCols, { draw: 1, start: 0, length: 10, search })}`,
        );
      },
    },
    {
      name: "rawat inap + filter",
      run: (rnd) => {
        const params: Record<string, string> = {};
        const r = rnd();
        if (r < 0.3) params.roomFilter = pick(rnd, w.rooms);
        else if (r < 0.6) params.dpjpFilter = pick(rnd, w.dpjp);
        else if (r < 0.8) params.analysisFilter = "negative";
        else params.statusFilter = "semua";
        const order: [number, "asc" | "desc"] = [1, "desc"];
        const q = tableQuery(VISIT_COLUMNS, { draw: 1, start: 0, length: 10, order, params });
        return get(`/api/ipd?${q}`);
      },
    },
    {
      name: "pasien pulang",
      run: (rnd) => {
        const r = rnd();
        const params: Record<string, string> = {};
        if (r < 0.3) {
          const y = 2022 + Math.floor(rnd() * 4), m = 1 + Math.floor(rnd() * 12);
          const mm = String(m).padStart(2, "0");
          params.dateRange = `${y}-${mm}-01 / ${y}-${mm}-28`;
        }
        const search = r > 0.7 ? pick(rnd, w.patients).fullname.split(" ")[0] : "";
        const start = r < 0.5 ? 0 : 10 * Math.floor(rnd() * 20);
        const order: [number, "asc" | "desc"] = [4, "desc"];
        const q = tableQuery(DISCHARGE_COLUMNS, {
          draw: 1,
          start,
          length: 10,
          search,
          order,
          params,
        });
        return get(`/api/ipd/discharge-patient?${q}`);
      },
    },
    {
      name: "pilih ICD",
      run: (rnd) =>
        get(`/api/icd/select2-icd10?q=${encodeURIComponent(pick(rnd, ICD_TERMS))}&page=1`),
    },
    { name: "halaman /pasien", run: () => get("/pasien") },
    { name: "halaman /ipd", run: () => get("/ipd") },
  ];
}

/** Saves that may meet another user's save (409). */
function writes(get: Get, post: Post, w: World): Job[] {
  const patientUpdate: Job = {
    name: "ubah pasien",
    conflict: 409,
    run: async (rnd) => {
      const p = pick(rnd, w.patients);
      const r = await get(`/api/pasien/${p._id}`);
      if (r.status !== 200) return r;
      const d = (await r.json()).data;
      const id = (x: unknown) => (x as { _id?: string } | null)?._id ?? "";
      return post("/api/pasien/update", {
        id: d._id,
        _version: d._version,
        erm: d.erm,
        first_name: d.first_name,
        last_name: d.last_name ?? "",
        gender: d.gender,
        phone: `08${Math.floor(1e9 + rnd() * 8e9)}`,
        province: id(d.province),
        regency: id(d.regency),
        district: id(d.district),
        village: id(d.village),
        address: d.address ?? "",
        postalCode: d.postalCode ?? "",
      });
    },
  };
  const examAdd: Job = {
    name: "tambah pemeriksaan",
    conflict: 409,
    run: (rnd) =>
      post("/api/ipd/visitexamination/update", {
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
      }),
  };
  return [patientUpdate, examAdd];
}
