/**
 * What a fresh install still lacks before staff can record stays: the hospital profile, classes
 * and rooms, doctors, INA-CBG tariffs and ICD codes. The dashboard lists the steps, each with a
 * link, until every one is done.
 */
import type { Store } from "../db/store.ts";

/** One step of the first set-up. */
export interface SetupStep {
  key: string;
  title: string;
  /** What to do, said to the user. */
  hint: string;
  href: string;
  done: boolean;
}

const STEPS: { key: string; title: string; hint: string; href: string; has: string[] }[] = [
  {
    key: "hospital",
    title: "Profil rumah sakit",
    hint: "Nama, regional, kelas dan zona waktu rumah sakit (menentukan tarif INA-CBG).",
    href: "/pengaturan#profil-rs",
    has: [],
  },
  {
    key: "rooms",
    title: "Kelas dan ruang rawat inap",
    hint: "Buat kelas perawatan, lalu ruang di setiap kelas.",
    href: "/kelas",
    has: ["class-room", "room"],
  },
  {
    key: "doctors",
    title: "Dokter",
    hint: "Daftarkan dokter, tandai DPJP dan dokter IGD.",
    href: "/dokter",
    has: ["doctor"],
  },
  {
    key: "tariffs",
    title: "Tarif INA-CBG",
    hint: "Impor tarif INA-CBG untuk regional dan kelas rumah sakit.",
    href: "/tarif-inacbg",
    has: ["inatarif"],
  },
  {
    key: "icd",
    title: "Kode ICD-10 dan ICD-9-CM",
    hint: "Impor kode diagnosa dan tindakan.",
    href: "/icd",
    has: ["icd"],
  },
];

/** Whether a collection holds at least one record (one key read, no index built). */
async function hasAny(store: Store, collection: string): Promise<boolean> {
  for await (const _ of store.kv.list({ prefix: [collection] }, { limit: 1 })) return true;
  return false;
}

/** The set-up steps and whether each is done. */
export async function setupSteps(store: Store): Promise<SetupStep[]> {
  const hospital = (await store.kv.get(["setting", "hospital"])).value != null;
  return await Promise.all(STEPS.map(async ({ has, ...s }) => ({
    ...s,
    done: s.key === "hospital"
      ? hospital
      : (await Promise.all(has.map((c) => hasAny(store, c)))).every(Boolean),
  })));
}
