import { useState } from "react";
import { LicenceAgreement } from "../components/LicenceAgreement.tsx";
import { alertDialog } from "../components/ui/Dialog.tsx";
import { alertError, request } from "../components/ui/api.ts";

const EMPTY = "Kode Rumah Sakit tidak boleh kosong";
const lines = (...parts: (string | undefined)[]) => parts.filter(Boolean).join("\n");

/** Fetches the licence, has the server save an active one (with `admin`), then goes to login. */
async function validate(code: string, admin: Record<string, string>): Promise<boolean> {
  type Answer = { data?: { actived?: boolean }[]; message?: string; success?: boolean };
  /** One step's answer when `good`, else null once its failure is said. */
  const step = async (
    what: string,
    url: string,
    good: (a: Answer) => unknown,
    init?: RequestInit,
  ) => {
    const res = await request<Answer>(url, init).catch(() => null);
    if (res?.ok && res.body && good(res.body)) return res.body;
    await alertError(lines(`Terjadi kesalahan saat ${what} data`, res?.body?.message), "message");
    return null;
  };
  const licence = `/lisensi/${encodeURIComponent(code)}`;
  const answer = await step("mengambil", licence, (a) => Array.isArray(a.data));
  if (!answer) return false;
  if (!answer.data![0]?.actived) {
    await alertDialog("Gagal", answer.message || "Lisensi tidak aktif.", "error");
    return false;
  }
  const body = new URLSearchParams({ hospitalCode: code, ...admin });
  if (!await step("menyimpan", "/validation", (a) => a.success, { method: "POST", body })) {
    return false;
  }
  location.href = "/auth/login";
  return true;
}

/** Licence validation: the hospital code (and with `askAdmin`, an administrator's login). */
export default function LicenceForm(
  { current, demo, askAdmin }: {
    current?: { hospitalCode: string; verifiedAt: string };
    demo?: string;
    askAdmin?: boolean;
  },
) {
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(e: Event) {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const code = String(data.get("hospitalCode") ?? "").trim();
    if (!code) return setError(EMPTY);
    const username = String(data.get("username") ?? "").trim();
    const password = String(data.get("password") ?? "");
    setError("");
    setBusy(true);
    if (!await validate(code, username ? { username, password } : {})) setBusy(false);
  }

  return (
    <form class="login-card" method="post" action="/validation" onSubmit={submit} noValidate>
      <h1>Validasi Lisensi</h1>
      <p class="muted">Masukkan Kode Rumah Sakit untuk mengaktifkan aplikasi.</p>
      {current && (
        <p class="alert alert-info">
          Lisensi tersimpan: {current.hospitalCode} (diverifikasi {current.verifiedAt}).{" "}
          <a href="/auth/login">Ke halaman login</a>
        </p>
      )}
      {demo && <p class="alert alert-info">Mode demo: gunakan Kode Rumah Sakit {demo}.</p>}
      {error && <div class="alert alert-danger" role="alert">{error}</div>}
      <label for="hospitalCode">Kode Rumah Sakit</label>
      <input id="hospitalCode" name="hospitalCode" autoComplete="organization" maxLength={32} />
      {askAdmin && (
        <>
          <p class="muted small">
            Mengganti lisensi yang sudah divalidasi di server ini memerlukan administrator.
          </p>
          <label for="username">Username administrator</label>
          <input id="username" name="username" autoComplete="username" />
          <label for="password">Password administrator</label>
          <input id="password" name="password" type="password" autoComplete="current-password" />
        </>
      )}
      <button type="submit" class="btn btn-primary" disabled={busy}>
        {busy ? "Processing..." : "Validasi"}
      </button>
      <LicenceAgreement />
    </form>
  );
}
