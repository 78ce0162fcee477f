import { decrypt, encrypt, wrap } from "../lib/eklaim/crypto.ts";
import { type SimClaim, SimClaims } from "./eklaim_sim_claims.ts";

/**
 * How the simulator behaves; all but `keyHex` may be changed on `sim.options` while it runs.
 * Its grouper is a stand-in (tests/eklaim_sim_table.ts), not E-Klaim's.
 */
export interface SimOptions {
  /** The hospital's key as E-Klaim holds it. */
  keyHex: string;
  /**
   * How a request under another key is refused: `"e2031"` answers E2031 "Key Mismatch" as plain
   * JSON (E-Klaim cannot encrypt for a key it does not have), `"garbage"` an answer encrypted
   * with its own key, which the caller cannot decrypt. Default `"e2031"`.
   */
  wrongKey: "e2031" | "garbage";
  /** Primary diagnoses iDRG groups to MDC 36 (ungroupable). Default `["R99"]`. */
  ungroupableDx: string[];
  /** Primary diagnoses INA-CBG groups to the error group X-0-13-X. Default `["O80.0"]`. */
  xGroupDx: string[];
  /** Coder NIKs registered in E-Klaim; null (default) accepts any. */
  coders: string[] | null;
  /** `send_claim_individual`: `"ok"`, or `"2029"` (Koneksi gagal). `send_claim` then sends none. */
  send: "ok" | "2029";
  /**
   * Never answer: every call (`true`) or these methods. A hung call stays open (and in flight)
   * until `release()`, `down()` or `close()`, and then gets a bare 503, the claim untouched.
   */
  hang: boolean | string[];
  /** Milliseconds each answer waits before the claim is touched (to see calls overlap). */
  delayMs: number;
  /** Answer every call with exactly this (HTTP errors, a web server's page instead of E-Klaim). */
  raw: { status: number; body: string } | null;
  /** Answers' base64 in 76-character lines, as E-Klaim's PHP sends it. Default true. */
  lineBreaks: boolean;
  /** The clock of the dates it writes (`tgl_kirim`, grouping date). */
  now: () => Date;
}

/** One request the simulator received, in order of arrival. */
export interface SimCall {
  method: string;
  /** `nomor_sep` from metadata or data ("" when none). */
  sep: string;
  metadata: Record<string, unknown>;
  data: Record<string, unknown>;
  /** False when the request was not signed with the simulator's key. */
  keyOk: boolean;
  /** `performance.now()` when it arrived and when it was answered (or given up). */
  startedAt: number;
  endedAt: number | null;
  /** The answer's `metadata.code` and `error_no` (null while unanswered). */
  code: number | null;
  errorNo: string | null;
}

/** A running simulator. */
export interface EklaimSim {
  /** `http://127.0.0.1:<port>/E-Klaim/ws.php`. */
  url: string;
  options: SimOptions;
  /** Every request, in order of arrival. */
  calls: SimCall[];
  /** The claims by SEP (read them to check what a flow left in E-Klaim). */
  claims: Map<string, SimClaim>;
  /** The most requests it was answering at once. */
  peakInFlight: () => number;
  /** Ends the calls hung by `hang` (they get a bare 503; nothing is changed). */
  release(): void;
  /** Switches it off (the port then refuses connections) and on again on the same port. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

const PATH = "/E-Klaim/ws.php";

/**
 * Starts an E-Klaim web service simulator for tests: a real HTTP server on 127.0.0.1 (port 0)
 * at `/E-Klaim/ws.php`, speaking the encrypted protocol both ways, with per-SEP state and the
 * manual's error numbers for steps out of order.
 */
export function startEklaimSim(given: Partial<SimOptions> & { keyHex: string }): EklaimSim {
  const options: SimOptions = {
    wrongKey: "e2031",
    ungroupableDx: ["R99"],
    xGroupDx: ["O80.0"],
    coders: null,
    send: "ok",
    hang: false,
    delayMs: 0,
    raw: null,
    lineBreaks: true,
    now: () => new Date(),
    ...given,
  };
  const state = new SimClaims(options);
  const calls: SimCall[] = [];
  let inFlight = 0, peak = 0;
  let closing = new AbortController();

  let released = new AbortController();
  const waitFor = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = Number.isFinite(ms) ? setTimeout(resolve, ms) : undefined;
      const stop = () => {
        clearTimeout(t);
        resolve();
      };
      closing.signal.addEventListener("abort", stop, { once: true });
      if (!Number.isFinite(ms)) released.signal.addEventListener("abort", stop, { once: true });
    });

  const answerOf = async (req: Request, call: SimCall): Promise<Response> => {
    const text = await req.text();
    if (options.raw) return new Response(options.raw.body, { status: options.raw.status });
    const plain = decrypt(text, options.keyHex);
    if (!plain.ok) {
      call.keyOk = false;
      call.code = 400;
      call.errorNo = "E2031";
      const refusal = JSON.stringify({
        metadata: { code: 400, message: "Key Mismatch", error_no: "E2031" },
      });
      return new Response(
        options.wrongKey === "e2031" ? refusal : wrap(encrypt(refusal, options.keyHex)),
      );
    }
    let envelope: { metadata?: Record<string, unknown>; data?: Record<string, unknown> } = {};
    try {
      envelope = JSON.parse(plain.text);
    } catch { /* answered below as incomplete */ }
    call.metadata = envelope.metadata ?? {};
    call.data = envelope.data ?? {};
    call.method = String(call.metadata.method ?? "");
    call.sep = String(call.metadata.nomor_sep ?? call.data.nomor_sep ?? "");
    const hang = options.hang === true ||
      (Array.isArray(options.hang) && options.hang.includes(call.method));
    if (hang || options.delayMs > 0) await waitFor(hang ? Infinity : options.delayMs);
    if (hang || closing.signal.aborted) return new Response(null, { status: 503 });
    const answer = state.answer(call.metadata, call.data);
    const meta = answer.metadata as { code: number; error_no?: string };
    call.code = meta.code;
    call.errorNo = meta.error_no ?? null;
    const sealed = encrypt(JSON.stringify(answer), options.keyHex, undefined, {
      lines: options.lineBreaks,
    });
    return new Response(wrap(sealed), { headers: { "content-type": "text/html; charset=UTF-8" } });
  };

  const handler = async (req: Request): Promise<Response> => {
    if (new URL(req.url).pathname !== PATH) return new Response("Not Found", { status: 404 });
    if (req.method !== "POST") return new Response("Method Not Allowed", { status: 405 });
    const call: SimCall = {
      method: "",
      sep: "",
      metadata: {},
      data: {},
      keyOk: true,
      startedAt: performance.now(),
      endedAt: null,
      code: null,
      errorNo: null,
    };
    calls.push(call);
    peak = Math.max(peak, ++inFlight);
    try {
      return await answerOf(req, call);
    } finally {
      inFlight--;
      call.endedAt = performance.now();
    }
  };

  const serve = (port: number) =>
    Deno.serve({ hostname: "127.0.0.1", port, onListen: () => {} }, handler);
  let server: Deno.HttpServer<Deno.NetAddr> | null = serve(0);
  const port = server.addr.port;
  const stop = async () => {
    closing.abort();
    await server?.shutdown();
    server = null;
  };
  return {
    url: `http://127.0.0.1:${port}${PATH}`,
    options,
    calls,
    claims: state.claims,
    peakInFlight: () => peak,
    release: () => {
      released.abort();
      released = new AbortController();
    },
    down: stop,
    up: () => {
      if (!server) {
        closing = new AbortController();
        server = serve(port);
      }
      return Promise.resolve();
    },
    close: stop,
  };
}
