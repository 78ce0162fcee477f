import { AppError } from "../errors.ts";
/** What a long job reports while it runs. */
export interface Progress {
  id: string;
  /** What the job is, e.g. 'Impor Kelurahan', 'Cadangan', 'Pemulihan'. */
  label: string;
  /** What it is doing now, e.g. 'Membaca berkas', 'Menyimpan'. */
  phase: string;
  done: number;
  /** 0 while unknown. */
  total: number;
  unit: "baris" | "byte" | "langkah" | "klaim";
  /** Set once the job ended: its summary, or the error it failed with. */
  summary?: string;
  error?: string;
  finished: boolean;
  updatedAt: number;
}

const jobs = new Map<string, Progress>();
const listeners = new Set<(p: Progress) => void>();
/** How long a finished job stays readable. */
const KEEP_MS = 10 * 60_000;

/** A valid job id from a client header (letters, digits, '-', 8 to 64 long), else null. */
export function progressId(raw: string | null | undefined): string | null {
  return raw && /^[A-Za-z0-9-]{8,64}$/.test(raw) ? raw : null;
}

/** Jobs are kept per owner: another session naming the same id sees (and overwrites) nothing. */
const keyOf = (id: string, owner: string) => `${owner}\u0000${id}`;

/** The job `id` started by `owner` (see `track`), as last reported; undefined for anyone else. */
export function progressOf(id: string, owner: string): Progress | undefined {
  return jobs.get(keyOf(id, owner));
}

/** Calls `fn` on every report (tests, logs); returns the unsubscribe. */
export function onProgress(fn: (p: Progress) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Reports of one job. */
export interface Tracker {
  readonly total: number;
  /** A new phase with its total (0: unknown). */
  phase(phase: string, total?: number, unit?: Progress["unit"]): void;
  step(done: number): void;
  finish(summary: string): void;
  fail(error: string): void;
}

function emit(p: Progress) {
  p.updatedAt = Date.now();
  for (const fn of listeners) fn({ ...p });
}

/** Starts tracking a job that only `owner` may poll (`id` null: listeners only, nothing kept). */
export function track(id: string | null, label: string, owner = ""): Tracker {
  const p: Progress = {
    id: id ?? "",
    label,
    phase: "Memulai",
    done: 0,
    total: 0,
    unit: "baris",
    finished: false,
    updatedAt: Date.now(),
  };
  if (id) jobs.set(keyOf(id, owner), p);
  for (const [k, j] of jobs) if (j.finished && Date.now() - j.updatedAt > KEEP_MS) jobs.delete(k);
  let last = 0;
  return {
    get total() {
      return p.total;
    },
    phase(phase, total = 0, unit = "baris") {
      Object.assign(p, { phase, total, unit, done: 0 });
      emit(p);
    },
    step(done) {
      p.done = done;
      const now = Date.now();
      if (now - last >= 50 || done === p.total) {
        last = now;
        emit(p);
      }
    },
    finish(summary) {
      Object.assign(p, { summary, finished: true });
      emit(p);
    },
    fail(error) {
      Object.assign(p, { error, finished: true });
      emit(p);
    },
  };
}

/** Runs a job and ends its report with the result's message, or the refusal's (else `failText`). */
export async function tracked<T extends { message: string }>(
  progress: Tracker,
  job: () => Promise<T>,
  failText = "Impor gagal.",
): Promise<T> {
  try {
    const res = await job();
    progress.finish(res.message);
    return res;
  } catch (e) {
    progress.fail(e instanceof AppError ? e.message : failText);
    throw e;
  }
}
