import { alertDialog } from "../components/ui/Dialog.tsx";
import { PasswordField } from "../components/ui/PasswordField.tsx";
import { alertError, post, useSubmit } from "../components/ui/api.ts";

export interface PasswordFormProps {
  username: string;
  /** Shortest password accepted. */
  min: number;
  /** The printed first password is being replaced: the start page opens after. */
  first?: boolean;
}

/** 'Ganti Password': the current password and a new one typed twice. */
export default function PasswordForm(p: PasswordFormProps) {
  const { busy, submit } = useSubmit((err) => alertError(err, "message"));

  async function save(e: Event) {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const f = new FormData(form);
    if (f.get("newPassword") !== f.get("confirm")) {
      return alertError("Konfirmasi password baru tidak sama.", "message");
    }
    await submit(async () => {
      const body = new URLSearchParams({
        oldPassword: String(f.get("oldPassword") ?? ""),
        newPassword: String(f.get("newPassword") ?? ""),
      });
      const { message } = await post("/api/user/password", body);
      form.reset();
      await alertDialog("Berhasil", message, "success");
      if (p.first) location.href = "/";
    });
  }

  return (
    <form class="card form password-form" onSubmit={save}>
      <h2>Ganti Password</h2>
      <p class="muted">
        Akun: <strong>{p.username}</strong>. Password baru minimal {p.min}{" "}
        karakter, bukan username dan bukan password yang umum dipakai. Sesi lain akun ini akan
        diakhiri.
      </p>
      <PasswordField
        id="pw-old"
        label="Password sekarang"
        name="oldPassword"
        required
        autoComplete="current-password"
      />
      <PasswordField
        id="pw-new"
        label="Password baru"
        name="newPassword"
        required
        minLength={p.min}
        autoComplete="new-password"
      />
      <PasswordField
        id="pw-confirm"
        label="Ulangi password baru"
        name="confirm"
        required
        autoComplete="new-password"
      />
      <button type="submit" class="btn btn-primary" disabled={busy}>Simpan</button>
    </form>
  );
}
