import { CLASS_NO } from "../../ipd/exam.ts";
import { lengthOfStay } from "../../ipd/rules.ts";
import type { ClaimContext, ClaimStay } from "./types.ts";

/** No INA-CBG grouping, or an ungroupable/error group (codes beginning `X`), or null. */
export function groupingProblem(stay: ClaimStay): string | null {
  const code = stay.inacbg?.trim();
  if (!code) return "Belum ada grouping INA-CBG; pilih grouping pada pemeriksaan.";
  if (/^X/i.test(code)) {
    return `Grouping ${code} adalah grup error (tidak dapat dikelompokkan); perbaiki koding ` +
      "diagnosis dan tindakan lalu pilih grouping yang valid pada pemeriksaan.";
  }
  return null;
}

const days = (n: number) => String(n).replace(".", ",");

/** A discharged stay longer than twice the hospital's median for its INA-CBG code, or null. */
export function lengthOfStayProblem(stay: ClaimStay, ctx: ClaimContext): string | null {
  if (!stay.inacbg || !stay.tanggal_pulang) return null;
  const median = ctx.medianLos(stay.inacbg, stay.tanggal_pulang);
  if (median === null) return null;
  const los = lengthOfStay(stay.visitDate, stay.tanggal_pulang);
  if (los <= 2 * median) return null;
  return `Lama rawat ${los} hari, lebih dari dua kali median rumah sakit untuk ${stay.inacbg} ` +
    `(${days(median)} hari dalam 12 bulan sebelumnya); pastikan indikasi dan alasan klinis ` +
    "rawat lanjutan tercatat di pemeriksaan.";
}

const kelas = (c: string) => CLASS_NO[c] ? `Kelas ${CLASS_NO[c]}` : c;

/**
 * The package's tariff class differs from the room's, unless a recorded upgrade explains it
 * (the entitled class in a higher room); or null.
 */
export function classProblem(stay: ClaimStay, ctx: ClaimContext): string | null {
  const room = ctx.roomClass(stay.room._id);
  if (!room || !stay.inacbgKelas || room === stay.inacbgKelas) return null;
  const differs = `Kelas tarif INA-CBG ${kelas(stay.inacbgKelas)} berbeda dengan kelas ruang ` +
    `${stay.room.name} (${kelas(room)})`;
  if (!stay.upgrade_class_class) {
    return `${differs} tanpa naik kelas tercatat; samakan kelas tarif pada pemeriksaan, atau ` +
      "catat naik kelas pada data klaim kunjungan.";
  }
  const hak = Number(stay.kelas_rawat);
  const pkg = CLASS_NO[stay.inacbgKelas];
  if (pkg === hak && CLASS_NO[room] < pkg) return null;
  return `${differs}; dengan naik kelas tercatat, kelas tarif harus hak kelas pasien ` +
    `(${stay.kelas_rawat ? `Kelas ${stay.kelas_rawat}` : "belum diisi"}) di ruang kelas yang ` +
    "lebih tinggi; perbaiki kelas tarif pada pemeriksaan atau hak kelas pada data klaim.";
}
