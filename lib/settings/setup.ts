import type { Store } from "../db/store.ts";
import type { Registry } from "../resource/refs.ts";
import type { EmptyReason } from "../resource/resource.ts";
import {
  BILINGUAL_ICD_FILE,
  doctorGap,
  hasAny,
  icdNamesGap,
  profileGap,
  regionGap,
  tariffGap,
  zoneGap,
} from "./setup_checks.ts";

/** One step of the first set-up. */
export interface SetupStep {
  key: string;
  title: string;
  /** What to do, said to the user; once checked, what is still missing. */
  hint: string;
  href: string;
  done: boolean;
  /** A step done that still lacks something optional: what, and the link to it. */
  note?: EmptyReason;
}

type Check = (store: Store, registry: Registry) => Promise<EmptyReason | null>;

/** Not done, nothing more to say than the step's own hint and link. */
const UNDONE: EmptyReason = { text: "", href: "", link: "" };

/** A step done once every collection in `names` holds a record. */
const filled = (...names: string[]): Check => async (store) =>
  (await Promise.all(names.map((c) => hasAny(store, c)))).every(Boolean) ? null : UNDONE;

/** `advise`: once done, what is still worth doing (null: nothing). */
const STEPS: (Omit<SetupStep, "done" | "note"> & { check: Check; advise?: Check })[] = [
  {
    key: "hospital",
    title: "Profil rumah sakit",
    hint: "Nama, regional, kelas dan kepemilikan rumah sakit (menentukan tarif INA-CBG).",
    href: "/pengaturan#profil-rs",
    check: profileGap,
  },
  {
    key: "timezone",
    title: "Zona waktu rumah sakit",
    hint: "Pilih WIB, WITA atau WIT: semua jam dicatat dan ditampilkan dalam zona ini.",
    href: "/pengaturan#profil-rs",
    check: zoneGap,
  },
  {
    key: "regions",
    title: "Data wilayah",
    hint: "Impor provinsi, kabupaten/kota, kecamatan dan kelurahan untuk alamat pasien.",
    href: "/provinsi",
    check: regionGap,
  },
  {
    key: "rooms",
    title: "Kelas dan ruang rawat inap",
    hint: "Buat kelas perawatan, lalu ruang di setiap kelas.",
    href: "/kelas",
    check: filled("class-room", "room"),
  },
  {
    key: "doctors",
    title: "Dokter DPJP",
    hint: "Daftarkan dokter, tandai DPJP dan dokter IGD.",
    href: "/dokter",
    check: doctorGap,
  },
  {
    key: "tariffs",
    title: "Tarif INA-CBG",
    hint: "Impor tarif INA-CBG untuk regional, kelas dan kepemilikan rumah sakit.",
    href: "/tarif-inacbg",
    check: tariffGap,
  },
  {
    key: "icd",
    title: "Kode ICD-10 dan ICD-9-CM",
    hint: "Impor kode diagnosa (ICD-10 2010, mis. icd10_2010_satusehat.csv) dan tindakan " +
      `(ICD-9-CM), lalu ${BILINGUAL_ICD_FILE} (kolom kode,nama_en,nama_id) untuk nama ` +
      "Indonesia: pencarian 'demam' menemukan kodenya.",
    href: "/icd",
    check: filled("icd"),
    advise: icdNamesGap,
  },
];

/** The set-up steps and whether each is done; a step not done says what is missing. */
export async function setupSteps(store: Store, registry: Registry): Promise<SetupStep[]> {
  return await Promise.all(STEPS.map(async ({ check, advise, ...s }) => {
    const gap = await check(store, registry);
    const note = !gap && await advise?.(store, registry);
    return {
      ...s,
      done: !gap,
      hint: gap?.text || s.hint,
      href: gap?.href || s.href,
      ...note ? { note } : {},
    };
  }));
}
