/**
 * The shipped licence service, standalone: `deno task licence-server [codes.json]`.
 * Codes come from the file named as argument, `LICENCE_CODES`, or the bundled example; the file
 * is re-read on every request, so codes can be added without a restart.
 */
import { join } from "node:path";
import { readCodes, startLicenceServer } from "./lib/licence/server.ts";

if (import.meta.main) {
  const file = Deno.args[0] || Deno.env.get("LICENCE_CODES") ||
    join(import.meta.dirname!, "licence_codes.example.json");
  const port = Number(Deno.env.get("LICENCE_PORT") || 8100);
  const hostname = Deno.env.get("LICENCE_HOST") || "127.0.0.1";
  try {
    const codes = await readCodes(file);
    const srv = startLicenceServer({ codes: () => readCodes(file), port, hostname });
    console.log(
      `Layanan lisensi berjalan di ${srv.url} (${Object.keys(codes).length} kode dari ${file})`,
    );
    console.log(`Atur LICENCE_URL=${srv.url} pada server aplikasi.`);
  } catch (e) {
    console.error((e as Error).message);
    Deno.exit(1);
  }
}
