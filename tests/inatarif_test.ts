import assert from "node:assert/strict";
import { formatBytes } from "../lib/format.ts";
import { PALETTE } from "../lib/report/dashboard.ts";
import { fieldProblem } from "../components/ui/Form.tsx";
import inacbg from "../resources/inacbg_group.ts";
import inatarif from "../resources/inatarif.ts";
import { setup } from "./helpers.ts";

Deno.test("palette: ten slices, ten different colours", () => {
  assert.ok(PALETTE.length >= 10);
  assert.equal(new Set(PALETTE.slice(0, 10).map((c) => c.toLowerCase())).size, 10);
});

Deno.test("backup sizes read in MB and GB", () => {
  assert.equal(formatBytes(512), "512 B");
  assert.equal(formatBytes(35_436 * 1024), "34,6 MB");
  assert.equal(formatBytes(3 * 2 ** 30 + 2 ** 29), "3,5 GB");
});

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

Deno.test("group form: every text field says its limit and refuses longer text before sending", () => {
  for (const f of inacbg.fields) {
    assert.ok(f.maxLength && f.hint?.includes(String(f.maxLength)), f.name);
    assert.equal(fieldProblem(f, "x".repeat(f.maxLength!)), "");
    assert.match(fieldProblem(f, "x".repeat(f.maxLength! + 1)), /paling banyak/);
  }
});
