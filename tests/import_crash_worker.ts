/**
 * Crash-test worker: the app on DATA_DIR (argument 1), opened the way the server opens it
 * (unfinished imports rolled back), imports the CSV file (argument 2) into villages through
 * `POST /api/village/import`, printing every progress report as `P <phase>|<done>|<total>`,
 * then `done <status>`. Run, and killed, by tests/import_crash_test.ts.
 */
import { createApp } from "../app.ts";
import { createSession, users } from "../lib/auth/auth.ts";
import { loadConfig } from "../lib/config.ts";
import { allowAnyLicence } from "../lib/licence/gate.ts";
import { Store } from "../lib/db/store.ts";
import { onProgress } from "../lib/progress/progress.ts";

const [dataDir, csvPath] = Deno.args;
const store = await Store.open(`${dataDir}/casemix.kv`);
const config = { ...loadConfig({ get: () => undefined }), dataDir };
const app = createApp({ config, store, licence: allowAnyLicence });
let admin = (await users(store).index()).rows()[0]?.value;
admin ??= (await users(store).insert({
  fullname: "Admin Uji",
  email: "a@rs.test",
  passwordHash: "x",
  phone: "",
  username: "admin",
  gender: "",
})).value;
const sid = await createSession(store, {
  userId: admin._id,
  username: "admin",
  fullname: "Admin Uji",
  hospitalCode: "RS01",
});
const out = (s: string) => Deno.stdout.writeSync(new TextEncoder().encode(s + "\n"));
onProgress((p) => out(`P ${p.phase}|${p.done}|${p.total}`));
const fd = new FormData();
fd.append("file", new File([await Deno.readFile(csvPath)], "villages.csv"));
out("ready");
const res = await app.request("/api/village/import", {
  method: "POST",
  body: fd,
  headers: { cookie: `sid=${sid}` },
});
out(`done ${res.status} ${await res.text()}`);
store.close();
