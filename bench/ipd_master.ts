/**
 * Master data of the generated inpatient data set (bench/ipd_data.ts): hospital profile, rooms,
 * doctors, ICD-10 / ICD-9-CM, INA-CBG tariffs and disputed-claim keywords through the real API
 * (the code sets imported from ../shared/data, or a given folder of the same files), and patients
 * through `writeMany`.
 */
import { join } from "node:path";
import * as XLSX from "xlsx";
import type { Hono } from "hono";
import type { IcdItem, KeywordItem, TitledRef } from "../lib/ipd/model.ts";
import { newId } from "../lib/db/ids.ts";
import type { Doc } from "../lib/index/index.ts";
import { collectionOf } from "../lib/resource/resource.ts";
import { writeXlsx } from "../lib/resource/spreadsheet.ts";
import type { Store } from "../lib/db/store.ts";
import { registry } from "../resources/mod.ts";
import { SHARED_DATA } from "./shared_data.ts";

/** A room of the data set with its class type (which INA-CBG tariff class applies). */
export interface Room {
  _id: string;
  name: string;
  classtype: string;
}

/** Calls the API with a session, failing loudly on anything but 200. */
function apiOf(app: Hono<any>, cookie: string) {
  const call = async (path: string, init: RequestInit = {}) => {
    const r = await app.request(path, { ...init, headers: { cookie, ...init.headers } });
    const body = await r.json();
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(body)}`);
    return body;
  };
  return {
    get: (path: string) => call(path),
    post: (path: string, fields: Record<string, string>) =>
      call(path, { method: "POST", body: new URLSearchParams(fields) }),
    upload(res: string, rows: Record<string, string>[]) {
      const headers = Object.keys(rows[0]);
      const xlsx = writeXlsx([headers, ...rows.map((r) => headers.map((h) => r[h]))]);
      const fd = new FormData();
      fd.append("file", new File([xlsx as BlobPart], `${res}.xlsx`));
      return call(`/api/${res}/import`, { method: "POST", body: fd });
    },
  };
}

/** A CSV of `dir` (../shared/data) as rows of text cells. */
async function csvOf(dir: string, path: string): Promise<Record<string, string>[]> {
  const text = await Deno.readTextFile(join(dir, path));
  const wb = XLSX.read(text, { type: "string", raw: true, dense: true });
  return XLSX.utils.sheet_to_json(wb.Sheets[wb.SheetNames[0]], { raw: true, defval: "" });
}

type Api = ReturnType<typeof apiOf>;

/** The class rooms and the wards' rooms, with the class type of each. */
async function wardRooms(api: Api): Promise<Room[]> {
  const classes: Record<string, string> = {};
  for (
    const [name, classtype] of [["VIP", "first"], ["Kelas I", "first"], ["Kelas II", "second"], [
      "Kelas III",
      "third",
    ]]
  ) {
    classes[name] =
      (await api.post("/api/class-room/update", { id: "", name, desc: "", classtype }))
        .data._id;
  }
  const rooms: Room[] = [];
  const wards = [
    "Melati",
    "Mawar",
    "Anggrek",
    "Dahlia",
    "Kenanga",
    "Cempaka",
    "Flamboyan",
    "Teratai",
  ];
  for (const [i, ward] of wards.entries()) {
    for (const cls of i < 2 ? ["VIP", "Kelas I"] : ["Kelas I", "Kelas II", "Kelas III"]) {
      const name = `${ward} ${cls}`;
      const r =
        (await api.post("/api/room/update", { id: "", name, desc: "", classroom: classes[cls] }))
          .data;
      rooms.push({
        _id: r._id,
        name,
        classtype: cls === "Kelas II" ? "second" : cls === "Kelas III" ? "third" : "first",
      });
    }
  }
  return rooms;
}

/** 36 doctors: 30 DPJP and 6 of the IGD. */
async function staff(api: Api) {
  const doctors: { _id: string; fullname: string }[] = [];
  const igd: { _id: string; fullname: string }[] = [];
  const first = [
    "Andi",
    "Bambang",
    "Citra",
    "Dian",
    "Eka",
    "Fitri",
    "Gilang",
    "Hana",
    "Irfan",
    "Joko",
  ];
  const last = ["Saputra", "Wijaya", "Lestari", "Pratama", "Kusuma", "Hidayat"];
  for (let i = 0; i < 36; i++) {
    const d = (await api.post("/api/doctor/update", {
      id: "",
      front_title: "dr.",
      first_name: first[i % 10],
      last_name: `${last[i % 6]} ${i + 1}`,
      last_title: i % 3 ? "Sp.PD" : "Sp.A",
      phone: "",
      gender: i % 2 ? "L" : "P",
    })).data;
    const flag = i < 30 ? "dpjp" : "igd";
    await api.post(`/api/doctor/update/${flag}/${d._id}`, { [flag]: "true" });
    (flag === "dpjp" ? doctors : igd).push({ _id: d._id, fullname: d.fullname });
  }
  return { doctors, igd };
}

/**
 * Master data through the API, the code sets read from `dataDir`; returns what stays and
 * examinations are built from.
 */
export async function masterData(
  app: Hono<any>,
  cookie: string,
  store: Store,
  dataDir = SHARED_DATA,
) {
  const csvRows = (path: string) => csvOf(dataDir, path);
  const api = apiOf(app, cookie);
  const refId = async (res: string, text: string) => {
    const r = await api.get(`/api/${res}/select2?q=${encodeURIComponent(text)}`);
    return r.results.find((o: { text: string }) => o.text === text).id as string;
  };
  await api.post("/api/setting/hospital", {
    name: "RSU Bench Casemix",
    regional: await refId("regional", "Regional 1"),
    hospitalClass: await refId("hospital-class", "A"),
    owner: await refId("owner", "Swasta"),
    type: await refId("hospital-type", "Rumah Sakit Umum"),
  });
  await api.upload("icd", await csvRows("icd10/icd10_2010_satusehat.csv"));
  await api.upload("icd", await csvRows("icd9cm/icd9cm_v32_cms_procedures.csv"));
  await api.upload("inatarif", await csvRows("inacbg/tarif_inacbg_pmk3_2023_sample.csv"));
  await api.upload("disputed-claim", await csvRows("dispute_klaim/ba_dispute_klaim_seed.csv"));

  const rooms = await wardRooms(api);
  const { doctors, igd } = await staff(api);

  const rowsOf = async (name: string) =>
    (await collectionOf(store, registry.get(name)!).index()).rows().map((r) => r.value);
  const icdAll = await rowsOf("icd");
  const item = (d: Doc): IcdItem => ({ _id: d._id, code: String(d.code), desc: String(d.desc) });
  // the codes a hospital uses most: a few hundred of each set
  const icd10 = icdAll.filter((d) => d.kind === "icd10" && String(d.code).length === 5)
    .filter((_, i) => i % 40 === 0).map(item);
  const icd9 = icdAll.filter((d) => d.kind === "icd9").filter((_, i) => i % 20 === 0).map(item);
  const keywords: KeywordItem[] = (await rowsOf("disputed-claim")).map((d) => ({
    _id: d._id,
    kode_icd: String(d.kode_icd ?? ""),
    keyword: String(d.keyword),
    rekomendasi: String(d.rekomendasi ?? ""),
    sumber: String(d.sumber ?? ""),
  }));
  const tariffs = (await rowsOf("inatarif")).filter((d) =>
    d.regional === "1" && d.kelas_rs === "AS"
  );
  const titled = async (name: string) =>
    (await rowsOf(name)).map((d): TitledRef => ({
      _id: d._id,
      title: String(d.title),
      desc: String(d.desc ?? ""),
    }));
  const plain = async (name: string) =>
    (await rowsOf(name)).map((d) => ({ _id: d._id, desc: String(d.desc) }));
  const methods = (await rowsOf("discharge-patient")).map((d) => ({
    _id: d._id,
    desc: String(d.desc),
    kode_eklaim: String(d.kode_eklaim ?? ""),
  }));
  return {
    rooms,
    doctors,
    igd,
    icd10,
    icd9,
    keywords,
    tariffs,
    episodes: await titled("episode"),
    criteria: await titled("criteria"),
    indications: await plain("indication-ranap"),
    discharges: methods,
  };
}

export const FIRST = [
  "Siti",
  "Budi",
  "Agus",
  "Dewi",
  "Rina",
  "Joko",
  "Ayu",
  "Putu",
  "Made",
  "Nur",
  "Rahma",
  "Yusuf",
  "Fajar",
  "Indah",
  "Wahyu",
  "Lina",
];
export const LAST = [
  "Hartono",
  "Susanti",
  "Purnomo",
  "Wulandari",
  "Setiawan",
  "Rahayu",
  "Nugroho",
  "Permata",
  "Siregar",
  "Nasution",
  "Simanjuntak",
  "Gunawan",
];

/** Patients through the collection's bulk write (as an import writes them). */
export async function patients(store: Store, n: number, rnd: () => number) {
  const docs = Array.from({ length: n }, (_, i) => {
    const first = FIRST[Math.floor(rnd() * FIRST.length)];
    const last = `${LAST[Math.floor(rnd() * LAST.length)]}`;
    return {
      _id: newId(),
      erm: String(100_000 + i).padStart(8, "0"),
      first_name: first,
      last_name: last,
      fullname: `${first} ${last}`,
      gender: rnd() < 0.5 ? "L" : "P",
      phone: `08${String(1_200_000_000 + i * 7)}`,
      // from the index, not `rnd`: the rest of the data set stays as it was
      tgl_lahir: new Date(Date.UTC(1940, 0, 1) + (i * 7_919 % 30_000) * 86_400_000).toISOString()
        .slice(0, 10),
      nomor_kartu: String(1_000_000_000 + i).padStart(13, "0"),
      province: null,
      regency: null,
      district: null,
      village: null,
      address: `Jl. ${LAST[i % LAST.length]} No. ${(i % 120) + 1}`,
      postalCode: "",
    };
  });
  await collectionOf(store, registry.get("pasien")!).writeMany(docs);
  return docs;
}
