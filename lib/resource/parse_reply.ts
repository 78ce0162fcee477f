/** Worker side of an import parse (parse.ts): the rows a slice per server turn, then the rest. */
import { parentPort } from "node:worker_threads";
import { AppError } from "../errors.ts";

/** Rows a message carries: few enough for the server's thread to copy in a few milliseconds. */
const ROWS_PER_MESSAGE = 2_000;

/** A job as the worker receives it: the upload's bytes, the heap limit, the parser's options. */
export type ParseJob<J = unknown> = J & { bytes: Uint8Array; memoryMb: number };

/** Answers each job this worker thread receives (on the port parse.ts sends first) with `parse`. */
export function answerParses<J extends ParseJob>(
  parse: (job: J) => { rows: unknown[] },
): void {
  parentPort!.once("message", ({ port }: { port: MessagePort }) => answer(port, parse));
}

function answer<J extends ParseJob>(port: MessagePort, parse: (job: J) => { rows: unknown[] }) {
  let slices: Generator<object> | null = null;
  const send = () => {
    const next = slices?.next();
    if (next && !next.done) port.postMessage(next.value);
  };
  port.onmessage = ({ data }: MessageEvent<J | { more: true }>) => {
    if ("more" in data) return send();
    // a file cut out of its request's body in place: its own buffer here, for parsers that read one
    if (data.bytes.byteLength !== data.bytes.buffer.byteLength) data.bytes = data.bytes.slice();
    try {
      slices = replies(parse(data));
    } catch (e) {
      const app = e instanceof AppError ? e : null;
      slices = null;
      port.postMessage({
        error: e instanceof Error ? e.message : String(e),
        status: app?.status ?? 500,
        details: app?.details,
        fields: app?.fields,
      });
      return;
    }
    send();
  };
}

/** A result as messages: its rows `ROWS_PER_MESSAGE` at a time, then the rest. */
function* replies({ rows, ...rest }: { rows: unknown[] }): Generator<object> {
  for (let i = 0; i < rows.length; i += ROWS_PER_MESSAGE) {
    yield { rows: rows.slice(i, i + ROWS_PER_MESSAGE) };
  }
  yield { done: rest };
}
