import assert from "node:assert/strict";
import { fieldProblem } from "../components/ui/Form.tsx";
import inatarif from "../resources/inatarif.ts";
import { setup } from "./helpers.ts";

Deno.test("INA-CBG code: the tariff form says the format and refuses '1500000' in the browser and at the server", async () => {
  const kode = inatarif.fields.find((f) => f.name === "kode")!;
  assert.match(kode.hint!, /A-4-10-I/);
  assert.match(fieldProblem(kode, "1500000"), /tidak sesuai format/);
  assert.equal(fieldProblem(kode, "J-4-16-II"), "");
  await using t = await setup();
  const base = {
    id: "",
    regional: "3",
    kelas_rs: "CS",
    desc: "x",
    tarif_Kelas3: "1000000",
    tarif_Kelas2: "1165000",
    tarif_Kelas1: "1330000",
  };
  const bad = await t.post("/api/inatarif/update", { ...base, kode: "1500000" });
  assert.equal(bad.status, 400);
  assert.match(bad.body.message, /Kode INA-CBG "1500000" tidak sesuai format/);
  const none = await t.json("/api/inatarif?draw=1&start=0&length=10");
  assert.equal(none.body.recordsTotal, 0);
  const ok = await t.post("/api/inatarif/update", { ...base, kode: "j-4-16-ii" });
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  assert.equal(ok.body.data.kode_inacbg, "J-4-16-II");
});
