import { useState } from "react";

const RELOAD = "Tolong di Reload Lagi Halaman Anda.";

/** Login form: hospital code, username, password; posts as a form and goes to / on success. */
export default function LoginForm() {
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
      const res = await fetch("/auth/login", { method: "POST", body });
      const data = await res.json().catch(() => null);
      if (data?.success) {
        location.href = "/";
        return;
      }
      setError(data?.message || "Respon tidak valid dari server.");
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
      <input id="hospitalCode" name="hospitalCode" required autoComplete="organization" />
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
    </form>
  );
}
