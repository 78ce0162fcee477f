import { Worker } from "node:worker_threads";
import { AppError, badRequest } from "../errors.ts";
import type { Table } from "./spreadsheet.ts";

/** Limits on parsing one upload (in a worker thread, `parse_worker.ts`). */
export const PARSE_LIMITS = {
  /** Wall-clock time one parse may take. */
  ms: 30_000,
  /**
   * Heap one parse may use: a file needing more (estimated from its unpacked size before
   * parsing) is refused; the worker's V8 heap is capped at this plus `heapMarginMb` as a
   * last resort.
   */
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

async function turn(): Promise<() => void> {
  if (running >= PARSE_LIMITS.concurrent) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const got = await Promise.race([
      new Promise<boolean>((r) => waiting.push(() => r(true))),
      new Promise<boolean>((r) => timer = setTimeout(() => r(false), PARSE_LIMITS.waitMs)),
    ]);
    clearTimeout(timer);
    if (!got) throw new AppError(429, BUSY_MESSAGE);
  } else running++;
  return () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
}

/** Warm workers between parses (at most `concurrent`); one that failed is never reused. */
const heapMb = () => PARSE_LIMITS.memoryMb + PARSE_LIMITS.heapMarginMb;
const idle: { worker: Worker; heapMb: number }[] = [];

function take(): Worker {
  for (let w = idle.pop(); w; w = idle.pop()) {
    if (w.heapMb === heapMb()) return w.worker;
    w.worker.terminate();
  }
  const w = new Worker(new URL("./parse_worker.ts", import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: heapMb() },
  });
  w.unref();
  return w;
}

/** Parses in a worker thread; a worker over a limit is terminated, its memory freed. */
function inWorker(bytes: Uint8Array, format: "csv" | "xlsx", maxRows: number): Promise<Table> {
  const cap = heapMb();
  const worker = take();
  let healthy = false;
  return new Promise<Table>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(badRequest(
        `Berkas ditolak: pembacaan melebihi batas waktu ${PARSE_LIMITS.ms / 1000} detik.`,
      ));
    }, PARSE_LIMITS.ms);
    const done = () => {
      clearTimeout(timer);
      worker.removeAllListeners();
    };
    worker.on("message", (m: { table?: Table; error?: string; status?: number }) => {
      done();
      healthy = true;
      if (m.table) resolve(m.table);
      else reject(new AppError((m.status ?? 500) as AppError["status"], m.error ?? ""));
    });
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
    // the buffer itself, transferred: a Uint8Array is copied a byte at a time on the way
    // (node:worker_threads in Deno: about 1 s for a 3 MB file)
    const { buffer, byteOffset, byteLength } = bytes;
    worker.postMessage(
      { buffer, byteOffset, byteLength, format, maxRows, memoryMb },
      [buffer as ArrayBuffer],
    );
  }).finally(() => {
    if (healthy && idle.length < PARSE_LIMITS.concurrent) idle.push({ worker, heapMb: cap });
    else worker.terminate();
  });
}

/**
 * Parses an upload off the request path: in a worker thread with a time limit and a heap
 * limit (a file exceeding either is refused naming the limit), at most
 * `PARSE_LIMITS.concurrent` at once; the others wait up to `waitMs`, then get 429.
 */
export async function parseUpload(
  bytes: Uint8Array,
  format: "csv" | "xlsx",
  maxRows: number,
): Promise<Table> {
  const release = await turn();
  try {
    return await inWorker(bytes, format, maxRows);
  } finally {
    release();
  }
}
