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

Deno.test("grouping picker: finds a group by words of its description in any order, and by its code with or without dashes", async () => {
  await using t = await setup();
  const groups = [
    ["A-4-12-I", "DEMAM YANG TIDAK DITENTUKAN (RINGAN)"],
    ["A-4-13-I", "INFEKSI VIRAL & NON-BAKTERIAL LAIN (RINGAN)"],
    ["A-4-13-II", "INFEKSI VIRAL & NON-BAKTERIAL LAIN (SEDANG)"],
    ["J-4-16-I", "PNEUMONIA (RINGAN)"],
  ];
  for (const [kode, desc] of groups) {
    const r = await t.post("/api/inatarif/update", {
      id: "",
      regional: "3",
      kelas_rs: "CS",
      kode,
      desc,
      tarif_Kelas3: "1000000",
      tarif_Kelas2: "1165000",
      tarif_Kelas1: "1330000",
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  const found = async (q: string) => {
    const r = await t.json(
      `/api/inatarif/select2?regional=3&kelas_rs=CS&q=${encodeURIComponent(q)}`,
    );
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.results.map((o: { text: string }) => o.text.split(" - ")[0]);
  };
  assert.deepEqual(await found("infeksi ringan"), ["A-4-13-I"]);
  assert.deepEqual(await found("Ringan Viral"), ["A-4-13-I"]);
  assert.deepEqual(await found("bakterial"), ["A-4-13-I", "A-4-13-II"]);
  assert.deepEqual(await found("demam"), ["A-4-12-I"]);
  assert.deepEqual(await found("a413"), ["A-4-13-I", "A-4-13-II"]);
  assert.deepEqual(await found("A-4-13-II"), ["A-4-13-II"]);
  assert.deepEqual(await found("j-4 pneumonia"), ["J-4-16-I"]);
  // a word inside another word is not a word of the description
  assert.deepEqual(await found("eksi"), []);
  assert.deepEqual(await found(""), ["A-4-12-I", "A-4-13-I", "A-4-13-II", "J-4-16-I"]);
});
