import { useRef, useState } from "react";
import { overPage } from "./Dialog.tsx";
import { Field } from "./Field.tsx";
import { useFocusTrap } from "./focus_trap.ts";
import { PasswordField } from "./PasswordField.tsx";

/** Who signs in again: the page's user (fixed) and hospital code (asked when not known). */
export interface ReloginWho {
  username: string;
  hospitalCode: string;
}

const INVALID = "Respon tidak valid dari server.";

/** Sends one request as it is, answering its status and JSON body (components/ui/api.ts). */
export type Send = (
  url: string,
  init?: RequestInit,
) => Promise<{ status: number; body: Record<string, any> | null }>;

/** Sends the login; resolves with the server's refusal, or '' once signed in. */
async function signIn(send: Send, body: URLSearchParams): Promise<string> {
  try {
    const { body: data } = await send("/auth/login", { method: "POST", body });
    if (data?.success === true) return "";
    return typeof data?.message === "string" && data.message ? data.message : INVALID;
  } catch {
    return "Server tidak dapat dihubungi. Periksa jaringan, lalu coba lagi.";
  }
}

function ReloginBox({ who, send, done }: {
  who: ReloginWho;
  send: Send;
  done: (ok: boolean) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  useFocusTrap(ref, true, () => !busy && done(false));
  const submit = async (e: Event) => {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    if (busy || !form.reportValidity()) return;
    const body = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
    body.set("username", who.username);
    setBusy(true);
    const refused = await signIn(send, body);
    setBusy(false);
    if (!refused) return done(true);
    setError(refused);
    form.querySelector<HTMLInputElement>("#relogin-password")?.select();
  };
  return (
    <div class="dialog-backdrop">
      <div
        ref={ref}
        class="dialog dialog-warning relogin"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="relogin-title"
        aria-describedby="relogin-text"
        tabIndex={-1}
      >
        <h2 id="relogin-title">Sesi berakhir</h2>
        <p id="relogin-text" class="dialog-text">
          Masukkan password untuk melanjutkan. Isi halaman ini tetap ada; yang belum tersimpan
          disimpan setelah Anda masuk.
        </p>
        <form class="form relogin-form" onSubmit={submit}>
          {error && <div class="alert alert-danger" role="alert">{error}</div>}
          <Field id="relogin-username" label="Username">
            <input id="relogin-username" value={who.username} readOnly autoComplete="username" />
          </Field>
          {who.hospitalCode
            ? <input type="hidden" name="hospitalCode" value={who.hospitalCode} />
            : (
              <Field id="relogin-hospital" label="Kode Rumah Sakit">
                <input id="relogin-hospital" name="hospitalCode" required />
              </Field>
            )}
          <PasswordField
            id="relogin-password"
            label="Password"
            name="password"
            required
            autoComplete="current-password"
            autofocus
          />
          <div class="dialog-actions">
            <button type="submit" class="btn btn-primary" disabled={busy}>
              {busy ? "Processing..." : "Masuk"}
            </button>
            <button type="button" class="btn btn-light" disabled={busy} onClick={() => done(false)}>
              Batal
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}

/** Asks for the password in place, the page kept: true once signed in as `who`, false on Batal. */
export const askRelogin = (who: ReloginWho, send: Send): Promise<boolean> =>
  overPage((done) => <ReloginBox who={who} send={send} done={done} />);
