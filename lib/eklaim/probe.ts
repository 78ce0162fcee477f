import { badRequest } from "../errors.ts";
import type { Store } from "../db/store.ts";
import { steppedOut } from "../http/request_queue.ts";
import { readSettingKept } from "../settings/settings.ts";
import { call } from "./client.ts";
import { keyProblem } from "./crypto.ts";
import type { EklaimSetting } from "./settings.ts";

/** What the connection test found: whether E-Klaim answers with this key, in words. */
export interface Probe {
  ok: boolean;
  message: string;
  /** Why not (lib/eklaim/client.ts `EklaimFailure`); null when it answered with the key. */
  failure: string | null;
  ms: number;
}

/** One harmless call with the form's (else the saved) settings: does E-Klaim answer this key? */
export async function probeEklaim(store: Store, fields: Record<string, string>): Promise<Probe> {
  const saved = (await readSettingKept<EklaimSetting>(store, "eklaim")).value;
  const url = fields.url?.trim() || saved?.url || "";
  const keyHex = fields.key?.trim() || saved?.secretKey || "";
  const timeout = Number(fields.timeout?.trim() || saved?.timeout || 20);
  if (!url) throw badRequest("Alamat E-Klaim belum diisi.").at("url");
  const problem = keyProblem(keyHex);
  if (problem) throw badRequest(problem).at("key");
  if (!(timeout >= 1 && timeout <= 120)) throw badRequest("Batas waktu harus 1 sampai 120 detik.");
  const r = await steppedOut(() =>
    call({ url, keyHex, timeoutMs: timeout * 1000 }, "search_diagnosis", {}, { keyword: "A00" })
  );
  if (r.ok || r.failure === "eklaim") {
    const said = r.ok ? "" : ` (E-Klaim menjawab: ${r.eklaimMessage ?? r.code})`;
    return {
      ok: true,
      message: `E-Klaim menjawab dan kuncinya cocok${said}, dalam ${r.ms} ms.`,
      failure: null,
      ms: r.ms,
    };
  }
  return { ok: false, message: r.message, failure: r.failure ?? null, ms: r.ms };
}
