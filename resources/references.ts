import { simple } from "./simple.ts";
import { DISCHARGE_CODES } from "../lib/ipd/discharge_code.ts";
import { oneOf } from "../lib/resource/validate.ts";

const codes = Object.keys(DISCHARGE_CODES);
const labelled = Object.fromEntries(
  Object.entries(DISCHARGE_CODES).map(([code, label]) => [code, `${code} · ${label}`]),
);

/** The ten reference lists (edit only), with the standard values of the domain as seeds. */
export const references = [
  simple({
    name: "discharge-patient",
    label: "Cara Pulang",
    path: "/cara-pulang",
    fields: {
      // the discharge status E-Klaim takes (its label also accepted, e.g. 'dirujuk')
      kode_eklaim: {
        label: "Kode E-Klaim",
        check: (l) =>
          oneOf(l, codes, {
            required: false,
            aliases: Object.fromEntries(
              Object.entries(DISCHARGE_CODES).map(([code, label]) => [code, [label.toLowerCase()]]),
            ),
          }),
        choices: labelled,
        form: { hint: "Status pulang yang dikirim ke E-Klaim." },
      },
    },
    seed: [
      { desc: "Atas Persetujuan Dokter", kode_eklaim: "1" },
      { desc: "Dirujuk", kode_eklaim: "2" },
      { desc: "Atas Permintaan Sendiri", kode_eklaim: "3" },
      { desc: "Meninggal", kode_eklaim: "4" },
      { desc: "Lain-lain", kode_eklaim: "5" },
    ],
    seedFill: ["kode_eklaim"],
    // E-Klaim's order: 'Atas Persetujuan Dokter' (1) first, not the alphabet's 'Atas Permintaan'
    orderBy: "kode_eklaim",
  }),
  simple({
    name: "validation-action",
    label: "Validasi Pemeriksaan",
    path: "/validasi-pemeriksaan",
    seed: ["Sesuai", "Perlu Perbaikan Koding", "Perlu Kelengkapan Berkas", "Tidak Sesuai"],
  }),
  simple({
    name: "indication-ranap",
    label: "Indikasi Ranap",
    path: "/indikasi-ranap",
    seed: [
      "Observasi dan pemantauan ketat",
      "Tindakan operatif",
      "Terapi intravena",
      "Perawatan intensif",
      "Persalinan",
    ],
  }),
  simple({
    name: "alasan-ranap",
    label: "Alasan Rawat Inap",
    path: "/alasan-ranap",
    seed: [
      "Kondisi umum memburuk",
      "Memerlukan tindakan yang tidak dapat dilakukan rawat jalan",
      "Memerlukan pemantauan tanda vital berkala",
      "Rujukan dari fasilitas kesehatan lain",
    ],
  }),
  simple({
    name: "regional",
    label: "Regional",
    path: "/regional",
    seed: ["Regional 1", "Regional 2", "Regional 3", "Regional 4", "Regional 5"],
  }),
  simple({
    name: "owner",
    label: "Kepemilikan",
    path: "/kepemilikan",
    seed: ["Pemerintah", "Swasta"],
  }),
  simple({
    name: "hospital-class",
    label: "Kelas Rumah Sakit",
    path: "/kelas-rs",
    seed: ["A", "B", "C", "D"],
  }),
  simple({
    name: "hospital-type",
    label: "Jenis Rumah Sakit",
    path: "/jenis-rs",
    seed: ["Rumah Sakit Umum", "Rumah Sakit Khusus"],
  }),
  simple({
    name: "episode",
    label: "Episode Rawat Inap",
    path: "/episode",
    title: true,
    seed: [
      ["Rawat inap biasa", "Perawatan di ruang rawat inap sesuai kelas"],
      ["ICU dengan ventilator", "Perawatan intensif dengan alat bantu napas mekanik"],
      ["ICU tanpa ventilator", "Perawatan intensif tanpa alat bantu napas mekanik"],
      ["HCU", "Perawatan di ruang High Care Unit"],
      ["Isolasi", "Perawatan di ruang isolasi"],
    ],
  }),
  simple({
    name: "criteria",
    label: "Kriteria IGD",
    path: "/kriteria-igd",
    title: true,
    seed: [
      ["Gawat darurat (merah)", "Mengancam nyawa, perlu penanganan segera"],
      ["Gawat tidak darurat (kuning)", "Kondisi serius, perlu penanganan dalam 30 menit"],
      ["Tidak gawat tidak darurat (hijau)", "Kondisi stabil, dapat menunggu"],
      ["Meninggal (hitam)", "Pasien datang dalam keadaan meninggal"],
    ],
  }),
];
