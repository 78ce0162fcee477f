/** Optional demo data (`DEMO_DATA=1`), stored through the functions the screens use. */
import { codes, demoPlan, type DemoStay, world } from "./plan.ts";
import { getHospital, saveHospital } from "../settings/hospital.ts";
import { saveVisit, visitsOf } from "../ipd/stay.ts";
import { discharge, summaryOf } from "../ipd/discharge.ts";
import { saveExam } from "../ipd/exam.ts";
import type { Registry } from "../resource/refs.ts";
import { collectionOf } from "../resource/resource.ts";
import { saveRecord } from "../resource/api.ts";
import type { Store } from "../db/store.ts";
import { guessCaraMasuk, HAK_OF_ROOM } from "../ipd/claim_codes.ts";

/** What was stored. */
export interface DemoSummary {
  hospital: string;
  patients: number;
  stays: number;
  open: number;
  exams: number;
}

/** Collections whose records mean the database is in use (reference lists are seeded anyway). */
const OWN_DATA = [
  "ipd",
  "pasien",
  "doctor",
  "room",
  "class-room",
  "icd",
  "inatarif",
  "disputed-claim",
];

/** A demo stay's claim data: a SEP (none yet in its first day), the room's class, the way in. */
function claimData(s: DemoStay, n: number, now: Date): Record<string, string> {
  const room = world.rooms.find((r) => r.name === s.room)!;
  const cls = world.classes.find((k) => k.name === room.classroom)!.classtype;
  const [y, m] = s.visitDate.split("-");
  const late = !s.discharge && Date.parse(s.visitDate) > now.getTime() - 86_400_000;
  return {
    nomor_sep: late ? "" : `0301R001${m}${y.slice(2)}V${String(n + 1).padStart(6, "0")}`,
    kelas_rawat: HAK_OF_ROOM[cls] ?? "",
    cara_masuk: guessCaraMasuk({ igd: s.igd !== null, criteria: !!s.criteria, asal: s.asal }),
  };
}

/** Whether the database holds data of its own: any of `OWN_DATA`, or a saved hospital profile. */
export async function hasOwnData(store: Store, registry: Registry): Promise<boolean> {
  for (const name of OWN_DATA) {
    for await (const _ of store.kv.list({ prefix: [name] }, { limit: 1 })) return true;
  }
  return (await getHospital(store, registry)).value !== null;
}

/** Ids of a resource's records by a text field (`desc` of the reference lists). */
async function idsBy(store: Store, registry: Registry, name: string, field = "desc") {
  const rows = (await collectionOf(store, registry.get(name)!).index()).rows();
  return new Map(rows.map((r) => [String(r.value[field]), r.value._id]));
}

/** Master data: classes, rooms, doctors, patients, codes, keywords, tariffs, hospital. */
async function masterData(store: Store, registry: Registry, plan: ReturnType<typeof demoPlan>) {
  const save = async (name: string, fields: Record<string, string>) =>
    (await saveRecord(store, registry, registry.get(name)!, { id: "", ...fields })).value._id;
  const classes = new Map<string, string>();
  for (const c of world.classes) classes.set(c.name, await save("class-room", c));
  const rooms = new Map<string, string>();
  for (const r of world.rooms) {
    rooms.set(r.name, await save("room", { ...r, classroom: classes.get(r.classroom)! }));
  }
  const doctors: string[] = [];
  for (const d of world.doctors) {
    doctors.push(await save("doctor", { ...d, dpjp: String(d.dpjp), igd: String(d.igd) }));
  }
  const patients: string[] = [];
  for (const p of plan.patients) patients.push(await save("pasien", { ...p }));
  const icd = new Map<string, string>();
  for (const [kind, list] of [["icd10", codes.icd10], ["icd9", codes.icd9]] as const) {
    for (const [code, desc, desc_indo = ""] of list) {
      icd.set(code, await save("icd", { kind, code, desc, desc_indo }));
    }
  }
  const keywords = new Map<string, string>();
  for (const k of codes.keywords) keywords.set(k.keyword, await save("disputed-claim", k));
  const tariffs = new Map<string, string>();
  for (const [kode, desc, k1, k2, k3] of codes.tariffs) {
    const id = await save("inatarif", {
      regional: world.hospital.regional,
      kelas_rs: world.hospital.hospitalClass,
      kepemilikan: world.hospital.owner,
      jenis_rawat: "INAP",
      kode: String(kode),
      desc: String(desc),
      tarif_Kelas1: String(k1),
      tarif_Kelas2: String(k2),
      tarif_Kelas3: String(k3),
    });
    tariffs.set(String(kode), id);
  }
  const h = world.hospital;
  await saveHospital(store, registry, {
    name: h.name,
    regional: (await idsBy(store, registry, "regional")).get(h.regional)!,
    hospitalClass: (await idsBy(store, registry, "hospital-class")).get(h.hospitalClass)!,
    owner: (await idsBy(store, registry, "owner")).get(h.owner)!,
    type: (await idsBy(store, registry, "hospital-type")).get(h.type)!,
    timezone: "Asia/Jakarta",
  });
  return { rooms, doctors, patients, icd, keywords, tariffs };
}

/** Stores the demo world unless `hasOwnData` (what it stored, or null); after `seedResources`. */
export async function seedDemoData(store: Store, registry: Registry): Promise<DemoSummary | null> {
  if (await hasOwnData(store, registry)) return null;
  const now = new Date();
  const plan = demoPlan(now);
  const ids = await masterData(store, registry, plan);
  const refs = {
    indication: await idsBy(store, registry, "indication-ranap"),
    episode: await idsBy(store, registry, "episode", "title"),
    criteria: await idsBy(store, registry, "criteria", "title"),
    discharge: await idsBy(store, registry, "discharge-patient"),
  };
  const of = (map: Map<string, string>, keys: string[]) => keys.map((k) => map.get(k)!);
  let exams = 0;
  for (const [n, s] of plan.stays.entries()) {
    const visit = await saveVisit(store, registry, {
      id: "",
      pasienId: ids.patients[s.patient],
      visitDate: s.visitDate,
      indicationranap: refs.indication.get(s.indication) ?? "",
      diagnosis_awal: s.diagnosis_awal,
      asal: s.asal,
      room_id: ids.rooms.get(s.room)!,
      igd_id: s.igd === null ? "" : ids.doctors[s.igd],
      dpjp_id: ids.doctors[s.dpjp],
      episode: refs.episode.get(s.episode) ?? "",
      criteria: refs.criteria.get(s.criteria) ?? "",
      readmisi_reason: s.readmisi_reason,
      ...claimData(s, n, now),
    });
    const id = visit.value._id;
    for (const e of s.exams) {
      await saveExam(store, registry, {
        id: "",
        ipdId: id,
        examinationDate: e.at,
        subject: e.subject,
        object: e.object,
        assesment: e.assesment,
        plan: e.plan,
        grouping: ids.tariffs.get(e.group)!,
        tarifinacbgSelect: "",
        tarif_rs: String(e.tarif_rs),
      }, {
        keyword: of(ids.keywords, e.keywords),
        diagnosis: of(ids.icd, e.diagnosis),
        tindakan: of(ids.icd, e.tindakan),
      });
      exams++;
    }
    if (s.discharge) {
      const sum = await summaryOf(store, id);
      await discharge(store, registry, {
        id,
        _version: (await visitsOf(store).find(id))!.versionstamp,
        tanggal_pulang: s.discharge.at,
        dischargepatient: refs.discharge.get(s.discharge.method) ?? "",
        confirm_no_diagnosis: "1",
      }, {
        summary_diagnosis: sum.summary_diagnosis.map((i) => i._id),
        summary_tindakan: sum.summary_tindakan.map((i) => i._id),
      });
    }
  }
  return {
    hospital: world.hospital.name,
    patients: plan.patients.length,
    stays: plan.stays.length,
    open: plan.stays.filter((s) => !s.discharge).length,
    exams,
  };
}

/** The console line said once when demo data was stored. */
export const demoLine = (d: DemoSummary): string =>
  `Data demo dibuat (DEMO_DATA=1): ${d.hospital}, ${d.patients} pasien, ${d.stays} kunjungan ` +
  `rawat inap (${d.open} masih dirawat), ${d.exams} pemeriksaan.`;
