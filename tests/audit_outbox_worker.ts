/**
 * Crash-test worker: the app on DATA_DIR (argument 1), its audit log at `DATA_DIR/audit.kv`,
 * whose appends never finish: it creates a province through `POST /api/province/update` and
 * prints `appending` once the change committed and its entry's append began. With `import`
 * (argument 2), it imports `DATA_DIR/provinsi.csv` and prints `answered STATUS` once answered.
 * Run, and killed there, by tests/http_outbox_test.ts and tests/audit_deferred_test.ts.
 */
import { createApp } from "../app.ts";
import { AuditLog } from "../lib/audit/log.ts";
import { createSession, users } from "../lib/auth/auth.ts";
import { loadConfig } from "../lib/config.ts";
import { Store } from "../lib/db/store.ts";
import { allowAnyLicence } from "../lib/licence/gate.ts";

const [dataDir, mode] = Deno.args;
const store = await Store.open(`${dataDir}/casemix.kv`);
const audit = await AuditLog.open(`${dataDir}/audit.kv`);
const config = { ...loadConfig({ get: () => undefined }), dataDir };
const app = createApp({ config, store, audit, licence: allowAnyLicence });
const admin = (await users(store).insert({
  fullname: "Admin Uji",
  email: "a@rs.test",
  passwordHash: "x",
  phone: "",
  username: "admin",
  gender: "",
  role: "admin",
})).value;
const sid = await createSession(store, {
  userId: admin._id,
  username: "admin",
  fullname: "Admin Uji",
  hospitalCode: "RS01",
});
const out = (s: string) => Deno.stdout.writeSync(new TextEncoder().encode(s + "\n"));
// the server starts (its drain runs) before the append is made to hang
await app.request("/auth/login");
// a hanging append leaves the event loop empty, and Deno would end the process itself (exit code
// 1, "promise resolution is still pending") before the test's SIGKILL lands: a timer keeps it
// alive until it is killed
setInterval(() => {}, 60_000);
audit.append = () => {
  out("appending");
  return new Promise(() => {});
};
if (mode === "import") {
  // an import of DATA_DIR/provinsi.csv: it answers with every append still hanging
  const fd = new FormData();
  fd.append("file", new File([await Deno.readFile(`${dataDir}/provinsi.csv`)], "provinsi.csv"));
  const res = await app.request("/api/province/import", {
    method: "POST",
    body: fd,
    headers: { cookie: `sid=${sid}` },
  });
  out(`answered ${res.status}`);
} else {
  const res = await app.request("/api/province/update", {
    method: "POST",
    body: new URLSearchParams({ kode: "11", desc: "Aceh" }),
    headers: { cookie: `sid=${sid}` },
  });
  out(`done ${res.status}`);
}
