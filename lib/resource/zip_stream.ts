import { crc32 } from "node:zlib";
import { Zip, ZipPassThrough } from "fflate";

/** One entry of the archive: a name and its bytes, produced lazily. */
interface ZipEntry {
  name: string;
  data: () => AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

/** The ZIP archive of `entries` as a stream, deflated natively as it goes (no ZIP64: < 4 GiB). */
export function zipStream(entries: ZipEntry[], now = new Date()): ReadableStream<Uint8Array> {
  let out: Uint8Array[] = [];
  let failed: Error | null = null;
  const zip = new Zip((err, chunk) => err ? failed = err : out.push(chunk));
  function* drain() {
    if (failed) throw failed;
    yield* out;
    out = [];
  }
  async function* parts(): AsyncGenerator<Uint8Array> {
    for (const e of entries) {
      const file = new ZipPassThrough(e.name);
      Object.assign(file, { compression: 8, mtime: now, crc: 0 });
      zip.add(file);
      const deflate = new CompressionStream("deflate-raw");
      const w = deflate.writable.getWriter();
      const feeding = (async () => {
        for await (const chunk of e.data()) {
          file.crc = crc32(chunk, file.crc);
          file.size += chunk.length;
          await w.write(chunk as Uint8Array<ArrayBuffer>);
        }
        await w.close();
      })().catch((err) => w.abort(err).then(() => Promise.reject(err)));
      for await (const packed of deflate.readable) {
        file.ondata!(null, packed, false);
        yield* drain();
      }
      await feeding;
      file.ondata!(null, new Uint8Array(0), true);
      yield* drain();
    }
    zip.end();
    yield* drain();
  }
  const it = parts();
  return new ReadableStream<Uint8Array>({
    async pull(ctl) {
      const { done, value } = await it.next();
      if (done) ctl.close();
      else ctl.enqueue(value);
    },
    async cancel() {
      await it.return(undefined);
    },
  });
}
