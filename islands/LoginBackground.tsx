import { useRef, useState } from "react";
import { Blocker } from "../components/ui/Blocker.tsx";
import { alertDialog, confirmDelete } from "../components/ui/Dialog.tsx";
import { alertError, post, sendForm, useSubmit } from "../components/ui/api.ts";

export interface LoginBackgroundProps {
  /** File name of the current background, or null. */
  id: string | null;
  maxBytes: number;
  /** Where the current image is served. */
  url: string;
}

const bytes = (n: number) => n.toLocaleString("id-ID");

/** The login page background: auto-upload of exactly one image, preview and delete. */
export default function LoginBackground(p: LoginBackgroundProps) {
  const [id, setId] = useState(p.id);
  const { busy, save } = useSubmit((err) => alertError(err, "message"));
  const input = useRef<HTMLInputElement>(null);

  const upload = async () => {
    const files = [...input.current?.files ?? []];
    if (input.current) input.current.value = "";
    if (files.length !== 1) {
      return alertDialog("Stop!", "Pilih tepat satu berkas gambar.", "warning");
    }
    if (files[0].size > p.maxBytes) {
      return alertError(
        `Ukuran gambar paling besar ${bytes(p.maxBytes)} byte (berkas ini ${
          bytes(files[0].size)
        } byte).`,
        "message",
      );
    }
    await save(() => sendForm("/setting/upload-background", { file: files[0] }), (d) => {
      if (typeof d.id === "string") setId(d.id);
    });
  };

  const remove = async () => {
    const yes = await confirmDelete("Gambar latar halaman login akan dihapus.");
    if (!yes || !id) return;
    const body = new URLSearchParams({ filename: id });
    await save(() => post("/setting/delete-background", body, "DELETE"), () => setId(null));
  };

  return (
    <section id="latar-login" class="card settings-section blockable" aria-labelledby="latar-h">
      <h2 id="latar-h">Gambar Latar Halaman Login</h2>
      {id
        ? <img class="bg-preview" src={`${p.url}?v=${id}`} alt="Gambar latar login saat ini" />
        : <p class="muted">Belum ada gambar latar; halaman login memakai warna bawaan.</p>}
      <div class="field">
        <label for="bg-file">
          Unggah gambar (PNG, JPEG atau WebP, paling besar {bytes(p.maxBytes)} byte)
        </label>
        <input
          id="bg-file"
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          disabled={busy}
          onChange={upload}
        />
      </div>
      {id && (
        <div>
          <button type="button" class="btn btn-danger" onClick={remove}>Hapus gambar</button>
        </div>
      )}
      <Blocker active={busy} />
    </section>
  );
}
