import { simple } from "./simple.ts";

/** The ten reference lists (edit only), with the standard values of the domain as seeds. */
export const references = [
  simple({
    name: "discharge-patient",
    label: "Cara Pulang",
    path: "/cara-pulang",
    seed: [
      "Atas Persetujuan Dokter",
      "Dirujuk",
      "Atas Permintaan Sendiri",
      "Meninggal",
      "Lain-lain",
    ],
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
