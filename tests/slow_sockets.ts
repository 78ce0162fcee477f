/**
 * Slow clients over real sockets (`Deno.connect`), for the availability tests and
 * bench/attack_bench.ts: a request whose body dribbles in, and one whose head never ends.
 */

const enc = new TextEncoder();

/** A served app on a free loopback port, shut down when disposed. */
export function serve(
  fetch: (req: Request, info: Deno.ServeHandlerInfo) => Response | Promise<Response>,
) {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, fetch);
  return {
    port: server.addr.port,
    url: `http://127.0.0.1:${server.addr.port}`,
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
}

/** A socket the test writes to slowly. */
export interface SlowSocket {
  /**
   * The server's answer: its head and its `Content-Length` bytes of body, once all came (or
   * what came before the connection closed). The server may keep the connection open after it
   * (it reads a body to its end before it closes).
   */
  answer: Promise<string>;
  /** Stops sending and closes the socket. */
  close(): void;
}

/** Whether `text` holds a whole answer: a head and the body its `Content-Length` names. */
function whole(text: string): boolean {
  const end = text.indexOf("\r\n\r\n");
  if (end < 0) return false;
  const length = Number(text.slice(0, end).match(/\r\ncontent-length: *(\d+)/i)?.[1] ?? 0);
  return new TextEncoder().encode(text.slice(end + 4)).length >= length;
}

async function slowly(
  port: number,
  first: string,
  drip: string,
  every: number,
): Promise<SlowSocket> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    try {
      conn.close();
    } catch { /* closed by the server already */ }
  };
  const answer = (async () => {
    let text = "";
    const buf = new Uint8Array(4096);
    try {
      while (!whole(text)) {
        const n = await conn.read(buf);
        if (n === null) break;
        text += new TextDecoder().decode(buf.subarray(0, n));
      }
    } catch { /* closed here */ }
    return text;
  })();
  await conn.write(enc.encode(first));
  (async () => {
    for (const ch of drip) {
      await new Promise((ok) => setTimeout(ok, every));
      if (!open) return;
      await conn.write(enc.encode(ch)).catch(close);
    }
  })();
  return { answer, close };
}

/**
 * `method path` with its head sent at once (`Content-Length: length`, a form body, the
 * `cookie` if given), then its body a byte every `every` ms.
 */
export function slowBody(
  port: number,
  line: string,
  o: { length: number; every?: number; cookie?: string; type?: string },
): Promise<SlowSocket> {
  const head = `${line} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
    `Content-Type: ${o.type ?? "application/x-www-form-urlencoded"}\r\n` +
    `Content-Length: ${o.length}\r\n` + (o.cookie ? `Cookie: ${o.cookie}\r\n` : "") + "\r\n";
  return slowly(port, head, "a".repeat(o.length), o.every ?? 1000);
}

/** A request head sent a byte every `every` ms (`bytes` of one header line), never ended. */
export function slowHead(port: number, o: { every?: number; bytes?: number } = {}) {
  const head = `GET /api/province HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Lambat: `;
  return slowly(port, head, "a".repeat(o.bytes ?? 10_000), o.every ?? 1000);
}
