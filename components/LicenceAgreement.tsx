import { useState } from "react";
import { Modal } from "./ui/Modal.tsx";

const TERMS = [
  "Aplikasi Casemix RS dilisensikan untuk satu rumah sakit sesuai Kode Rumah Sakit yang " +
  "divalidasi, bukan dijual. Lisensi tidak dapat dipindahtangankan.",
  "Lisensi diperiksa ke layanan aktivasi setiap kali login. Bila server tidak dapat " +
  "menghubungi layanan itu, aplikasi tetap dapat dipakai selama masa tenggang sejak " +
  "verifikasi terakhir; setelah itu server harus tersambung ke internet kembali.",
  "Lisensi yang dinonaktifkan oleh penyedia dihapus dari server ini dan harus divalidasi ulang.",
  "Data pasien dan rekam medis tetap milik rumah sakit, disimpan di server rumah sakit, dan " +
  "tidak dikirim ke layanan lisensi. Hanya Kode Rumah Sakit yang dikirim untuk pemeriksaan.",
  "Rumah sakit bertanggung jawab atas keamanan akun pengguna, cadangan data, dan kepatuhan " +
  "terhadap peraturan kerahasiaan rekam medis yang berlaku.",
  "Aplikasi disediakan sebagaimana adanya; penyedia tidak bertanggung jawab atas kerugian akibat " +
  "penggunaan yang tidak sesuai petunjuk.",
];

/** A link-styled button that opens the licence agreement in the shared modal. */
export function LicenceAgreement() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <p class="agreement">
        <button type="button" class="link-btn" onClick={() => setOpen(true)}>
          Perjanjian Lisensi
        </button>
      </p>
      <Modal
        open={open}
        title="Perjanjian Lisensi"
        onClose={close}
        footer={<button type="button" class="btn btn-primary" onClick={close}>Tutup</button>}
      >
        <ol class="terms">{TERMS.map((t, i) => <li key={i}>{t}</li>)}</ol>
      </Modal>
    </>
  );
}
