import { MessageChannel, type MessagePort, Worker } from "node:worker_threads";
import { AppError, badRequest } from "../errors.ts";
import { steppedOut } from "../http/request_queue.ts";
import type { Table } from "./spreadsheet.ts";

/** Limits on parsing one upload (in a worker thread, `parse_worker.ts`). */
export const PARSE_LIMITS = {
  ms: 30_000,
  /** Heap one parse may use (a file estimated to need more is refused); V8's cap adds margin. */
  memoryMb: 512,
  heapMarginMb: 256,
  /** Parses running at once; the others wait their turn. */
  concurrent: 2,
  /** How long an upload waits for a turn before 429. */
  waitMs: 20_000,
};

/** The message of an upload refused because two others are being parsed. */
export const BUSY_MESSAGE = "Server sedang memproses impor lain, coba lagi sebentar.";

let running = 0;
const waiting: (() => void)[] = [];

/** Gives a turn back: to the first upload waiting, else free. */
function release(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

/** A parse turn; one not given within `waitMs` is 429, and its place in the queue dropped. */
function turn(): Promise<void> {
  if (running < PARSE_LIMITS.concurrent) {
    running++;
    return Promise.resolve();
  }
  return new Promise((ok, refuse) => {
    const go = () => {
      clearTimeout(timer);
      ok();
    };
    const timer = setTimeout(() => {
      waiting.splice(waiting.indexOf(go), 1);
      refuse(new AppError(429, BUSY_MESSAGE));
    }, PARSE_LIMITS.waitMs);
    waiting.push(go);
  });
}

/** A parse worker and the port its jobs and answers go through (faster than its own messages). */
interface ParseWorker {
  worker: Worker;
  port: MessagePort;
  heapMb: number;
  script: string;
}

/** Warm workers between parses (the latest `concurrent`); one that failed is never reused. */
const heapMb = () => PARSE_LIMITS.memoryMb + PARSE_LIMITS.heapMarginMb;
const idle: ParseWorker[] = [];

function take(script: string): ParseWorker {
  const i = idle.findIndex((w) => w.script === script && w.heapMb === heapMb());
  if (i >= 0) return idle.splice(i, 1)[0];
  const worker = new Worker(new URL(script), {
    resourceLimits: { maxOldGenerationSizeMb: heapMb() },
  });
  worker.unref();
  const { port1, port2 } = new MessageChannel();
  worker.postMessage({ port: port2 }, [port2]);
  return { worker, port: port1, heapMb: heapMb(), script };
}

/** Reads `port`'s messages with `on` (null: none); `unref` lets an idle worker's port go. */
function listen(port: MessagePort, on: ((data: Reply) => void) | null): void {
  (port as unknown as globalThis.MessagePort).onmessage = on && ((e) => on(e.data));
  port.unref();
}

function retire(w: ParseWorker): void {
  w.port.close();
  w.worker.terminate();
}

/** What a parse worker posts: a slice of the rows, the rest of the result, or a refusal. */
interface Reply {
  rows?: unknown[];
  done?: Record<string, unknown>;
  error?: string;
  status?: number;
  details?: string[];
  fields?: Record<string, string>;
}

/** Parses in a worker from `script` (terminated over a limit); the rows come in slices. */
function inWorker<T>(script: string, job: Record<string, unknown>, bytes: Uint8Array): Promise<T> {
  const w = take(script);
  const { worker, port } = w;
  let healthy = false;
  const rows: unknown[] = [];
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      done();
      reject(badRequest(
        `Berkas ditolak: pembacaan melebihi batas waktu ${PARSE_LIMITS.ms / 1000} detik.`,
      ));
    }, PARSE_LIMITS.ms);
    let over = false;
    const done = () => {
      over = true;
      clearTimeout(timer);
      worker.removeAllListeners();
      listen(port, null);
    };
    const reply = (m: Reply) => {
      if (m.rows) {
        for (const r of m.rows) rows.push(r);
        // the next slice after the other requests waiting now
        setTimeout(() => over || port.postMessage({ more: true }), 0);
        return;
      }
      done();
      healthy = true;
      if (m.done) return resolve({ ...m.done, rows } as T);
      const e = new AppError((m.status ?? 500) as AppError["status"], m.error ?? "", m.details);
      if (m.fields) e.fields = m.fields;
      reject(e);
    };
    listen(port, reply);
    worker.on("error", (e: Error & { code?: string }) => {
      done();
      reject(
        e.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? badRequest(
            `Berkas ditolak: pembacaan melebihi batas memori ${PARSE_LIMITS.memoryMb} MB.`,
          )
          : e,
      );
    });
    worker.on("exit", () => {
      done();
      reject(new Error("Pembaca berkas berhenti."));
    });
    const memoryMb = PARSE_LIMITS.memoryMb;
    // its buffer transferred, on the port (worker messages copy it byte by byte)
    port.postMessage({ ...job, bytes, memoryMb }, [bytes.buffer as ArrayBuffer]);
  }).finally(() => {
    if (!healthy) return retire(w);
    // the latest kind of parse stays warm: an older idle worker gives way
    idle.push(w);
    while (idle.length > PARSE_LIMITS.concurrent) retire(idle.shift()!);
  });
}

/** Parses an upload in a `script` worker within `PARSE_LIMITS`, its request slot given back. */
export async function parseInWorker<T>(
  script: URL,
  bytes: Uint8Array,
  job: Record<string, unknown> = {},
): Promise<T> {
  return await steppedOut(async () => {
    await turn();
    try {
      return await inWorker<T>(script.href, job, bytes);
    } finally {
      release();
    }
  });
}

const TABLE_WORKER = new URL("./parse_worker.ts", import.meta.url);

/** Parses a CSV or .xlsx upload into a table (`readTable`), as `parseInWorker` does. */
export function parseUpload(
  bytes: Uint8Array,
  format: "csv" | "xlsx",
  maxRows: number,
): Promise<Table> {
  return parseInWorker<Table>(TABLE_WORKER, bytes, { format, maxRows });
}
