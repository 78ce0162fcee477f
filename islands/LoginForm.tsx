import { useState } from "react";
import { LicenceAgreement } from "../components/LicenceAgreement.tsx";
import { alertError, request } from "../components/ui/api.ts";
import { type LicenceRefused, onLicenceRefused } from "../components/licence_refusal.ts";

const RELOAD = "Tolong di Reload Lagi Halaman Anda.";
const INVALID = "Respon tidak valid dari server.";

/** Login form; licence refusals go to `onLicenceRefused`, success to `next` (server-checked). */
export default function LoginForm(
  { hospitalCode = "", next = "/" }: { hospitalCode?: string; next?: string },
) {
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(e: Event) {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    if (!form.reportValidity()) return;
    const body = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
    if (!body.get("hospitalCode")?.trim()) return setError(RELOAD);
    setBusy(true);
    setError("");
    try {
      const { body: data } = await request("/auth/login", { method: "POST", body });
      if (data?.success) {
        location.href = next;
        return;
      }
      if (data?.licence) {
        await onLicenceRefused(data as LicenceRefused);
      } else if (typeof data?.success !== "boolean") {
        // not an answer of this server (proxy page, crash): say so, then start over
        await alertError(data?.message || INVALID, "message");
        location.reload();
        return;
      } else {
        setError(data.message || INVALID);
      }
    } catch {
      setError("Internal Server Error. Please try again later.");
    }
    setBusy(false);
  }

  return (
    <form class="login-card" method="post" action="/auth/login" onSubmit={submit}>
      <h1>Casemix RS</h1>
      <p class="muted">Masuk untuk melanjutkan</p>
      {error && <div class="alert alert-danger" role="alert">{error}</div>}
      <label for="hospitalCode">Kode Rumah Sakit</label>
      <input
        id="hospitalCode"
        name="hospitalCode"
        required
        autoComplete="organization"
        defaultValue={hospitalCode}
      />
      <label for="username">Username</label>
      <input id="username" name="username" required autoComplete="username" />
      <label for="password">Password</label>
      <input
        id="password"
        name="password"
        type="password"
        required
        autoComplete="current-password"
      />
      <button type="submit" class="btn btn-primary" disabled={busy}>
        {busy ? "Processing..." : "Masuk"}
      </button>
      <p class="muted small">
        Belum aktif? <a href="/validation">Validasi lisensi</a>
      </p>
      <LicenceAgreement />
    </form>
  );
}
