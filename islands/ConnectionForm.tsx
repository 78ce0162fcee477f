import { useState } from "react";
import { alertError, request } from "../components/ui/api.ts";
import { Blocker } from "../components/ui/Blocker.tsx";
import { PasswordField } from "../components/ui/PasswordField.tsx";

export interface ConnectionFormProps {
  mode: "local" | "remote";
  /** The saved KV Connect address (never the token). */
  ip: string;
  /** What the app uses now (file path or URL). */
  current: string;
}

const IP_REQUIRED = "Mohon masukkan alamat IP Server";

/** 'Koneksi Database': local KV file or a KV Connect server; tests, saves, then goes to /ipd. */
export default function ConnectionForm(p: ConnectionFormProps) {
  const [mode, setMode] = useState(p.mode);
  const [busy, setBusy] = useState(false);

  async function submit(e: Event) {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const body = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
    if (mode === "remote" && !body.get("ip")?.trim()) {
      return alertError(IP_REQUIRED, "message");
    }
    if (!body.get("password")) {
      return alertError("Masukkan password Anda untuk konfirmasi.", "message");
    }
    setBusy(true);
    try {
      const res = await request("/connection/save-ip", { method: "POST", body });
      if (res.ok && res.body?.success) {
        location.href = "/ipd";
        return;
      }
      setBusy(false);
      alertError(res.message, "message");
    } catch (err) {
      setBusy(false);
      alertError(err);
    }
  }

  return (
    <form class="card form connection blockable" onSubmit={submit} noValidate>
      <p class="muted">
        Sekarang memakai: <code>{p.current}</code>
      </p>
      <fieldset>
        <legend>Lokasi basis data</legend>
        {([
          ["local", "Berkas lokal di server ini (bawaan)"],
          ["remote", "Server KV Connect (denokv) di jaringan"],
        ] as const).map(([m, text]) => (
          <label key={m}>
            <input
              type="radio"
              name="mode"
              value={m}
              checked={mode === m}
              onChange={() => setMode(m)}
            />{" "}
            {text}
          </label>
        ))}
      </fieldset>
      <div class="field">
        <label for="conn-ip">Alamat IP Server</label>
        <input
          id="conn-ip"
          name="ip"
          defaultValue={p.ip}
          placeholder="192.168.1.10 atau http://192.168.1.10:4512"
          disabled={mode !== "remote"}
          autoComplete="off"
        />
      </div>
      <PasswordField
        id="conn-token"
        label="Token akses"
        name="token"
        disabled={mode !== "remote"}
        autoComplete="off"
      />
      <PasswordField
        id="conn-password"
        label="Password Anda (konfirmasi)"
        name="password"
        required
        autoComplete="current-password"
      />
      <p class="muted">
        Simpan menguji koneksi dulu (tulis, baca, hapus satu kunci uji); bila gagal, tidak ada yang
        diubah.
      </p>
      <button type="submit" class="btn btn-primary">Simpan</button>
      <Blocker active={busy} />
    </form>
  );
}
