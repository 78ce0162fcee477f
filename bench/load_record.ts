/**
 * The samples of `deno task load`: each HTTP request is its own sample, in its own class, and
 * every answer's time counts (2xx, 409 conflicts, other non-2xx, timeouts and failed
 * connections alike) with the non-2xx answers, conflicts and timeouts reported apart.
 */

/** What one request class measured. */
export interface Stat {
  /** The time of every answer of the class, whatever its status (timeouts at their limit). */
  times: number[];
  /** Answers with a status outside 2xx that the class does not expect (409 apart). */
  non2xx: number;
  /** 409 answers of a class that may meet another user's save. */
  conflicts: number;
  /** Requests that had no answer within the time limit. */
  timeouts: number;
  /** Requests that failed without an answer (connection refused or reset). */
  failures: number;
  firstError?: string;
}

/** An answer read whole: its status and body text (null: timeout or failure). */
export type Answer = { status: number; text: string } | null;

/** Counts every request of a load run by class. */
export class Recorder {
  readonly stats = new Map<string, Stat>();
  /** Requests sent in the first 30 s that took over 1 s (timeouts and failures included). */
  slowFirst30 = 0;
  readonly t0 = performance.now();

  constructor(readonly timeoutMs: number) {}

  /** Lists the classes in this order (a class first met later comes after them). */
  declare(classes: string[]): void {
    for (const c of classes) this.#stat(c);
  }

  #stat(cls: string): Stat {
    let s = this.stats.get(cls);
    if (!s) {
      this.stats.set(cls, s = { times: [], non2xx: 0, conflicts: 0, timeouts: 0, failures: 0 });
    }
    return s;
  }

  /**
   * Sends one request (`send` gets the abort signal of the time limit), reads its whole body
   * and records it in class `cls`; a `conflict` status is counted apart from the errors.
   */
  async send(
    cls: string,
    send: (signal: AbortSignal) => Promise<Response>,
    conflict?: number,
  ): Promise<Answer> {
    const s = this.#stat(cls);
    const a = performance.now();
    let answer: Answer = null;
    try {
      const r = await send(AbortSignal.timeout(this.timeoutMs));
      answer = { status: r.status, text: await r.text() };
      if (r.status === conflict) s.conflicts++;
      else if (r.status < 200 || r.status > 299) {
        s.non2xx++;
        s.firstError ??= `${r.status}`;
      }
    } catch (e) {
      const name = e instanceof Error ? e.name : "";
      if (name === "TimeoutError" || name === "AbortError") s.timeouts++;
      else s.failures++;
      s.firstError ??= e instanceof Error ? e.message : String(e);
    }
    const ms = performance.now() - a;
    s.times.push(ms);
    if (a - this.t0 < 30_000 && ms > 1000) this.slowFirst30++;
    return answer;
  }

  /** Every request sent; the errors (non-2xx, timeouts, failures); the 409s. */
  totals(): { total: number; errors: number; conflicts: number } {
    let total = 0, errors = 0, conflicts = 0;
    for (const s of this.stats.values()) {
      total += s.times.length;
      errors += s.non2xx + s.timeouts + s.failures;
      conflicts += s.conflicts;
    }
    return { total, errors, conflicts };
  }
}

/** The `p` quantile (0..1) of sorted `xs` (NaN when empty). */
export const pct = (xs: number[], p: number): number =>
  xs.length ? xs[Math.min(xs.length - 1, Math.floor(xs.length * p))] : NaN;

/** Prints each class's count, latencies over every answer, and its errors by kind. */
export function printClasses(rec: Recorder): void {
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  console.log(
    `${"kelas".padEnd(24)}${pad("n", 7)}${pad("p50", 9)}${pad("p95", 9)}${pad("p99", 9)}` +
      `${pad("maks", 9)}${pad("non-2xx", 9)}${pad("409", 6)}${pad("timeout", 9)}`,
  );
  for (const [name, s] of rec.stats) {
    s.times.sort((a, b) => a - b);
    const f = (x: number) => pad(Number.isNaN(x) ? "-" : x.toFixed(1), 9);
    console.log(
      `${name.padEnd(24)}${pad(s.times.length, 7)}${f(pct(s.times, 0.5))}${f(pct(s.times, 0.95))}` +
        `${f(pct(s.times, 0.99))}${f(s.times.at(-1) ?? NaN)}${pad(s.non2xx + s.failures, 9)}${
          pad(s.conflicts, 6)
        }${pad(s.timeouts, 9)}${s.firstError ? `  (${s.firstError})` : ""}`,
    );
  }
}
