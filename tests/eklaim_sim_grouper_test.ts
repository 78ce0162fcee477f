import assert from "node:assert/strict";
import { call } from "../lib/eklaim/client.ts";
import { bySep, claimWith, type J, KEY, NIK, SEP, withSim } from "./eklaim_sim_fixtures.ts";

Deno.test("eklaim sim: '' changes nothing, '#' clears, coders and re-edit need their state", async () => {
  await withSim(async (ask, sim) => {
    await claimWith(ask, "J18.9#E11.9", "99.04");
    assert.equal(
      (await ask("idrg_diagnosa_set", bySep, { diagnosa: "" })).data.string,
      "J18.9#E11.9",
    );
    assert.equal((await ask("idrg_procedure_set", bySep, { procedure: "#" })).data.string, "");
    assert.deepEqual(sim.claims.get(SEP)!.idrg.procedure, []);
    const notFinal = await call(
      { url: sim.url, keyHex: KEY, timeoutMs: 5000 },
      "reedit_claim",
      {},
      bySep,
    );
    assert.equal(notFinal.eklaimMessage, "Klaim belum final");
    sim.options.coders = ["999"];
    const coder = await call(
      { url: sim.url, keyHex: KEY, timeoutMs: 5000 },
      "set_claim_data",
      bySep,
      {
        coder_nik: NIK,
      },
    );
    assert.equal(coder.eklaimMessage, "NIK Coder tidak terdaftar");
    sim.options.lineBreaks = false;
    await ask("get_claim_status", {}, bySep);
  });
});

Deno.test("eklaim sim: the four search methods", async () => {
  await withSim(async (ask) => {
    assert.deepEqual((await ask("search_diagnosis_inagrouper", {}, { keyword: "D63" })).response, {
      count: 2,
      data: [
        {
          description: "Anaemia in other chronic diseases classified elsewhere",
          code: "D63.8",
          validcode: "1",
          im: "0",
        },
        { description: "Anaemia in neoplastic disease", code: "D63.0", validcode: "1", im: "0" },
      ],
    });
    const px = (await ask("search_procedures_inagrouper", {}, { keyword: "91.79" })).response;
    assert.deepEqual(px.data.map((d: J) => [d.code, d.validcode, d.im]), [
      ["91.799", "1", "1"],
      ["91.79", "0", "0"],
    ]);
    assert.deepEqual((await ask("search_diagnosis", {}, { keyword: "d63" })).response.data, [
      ["Anaemia in other chronic diseases classified elsewhere", "D63.8"],
      ["Anaemia in neoplastic disease", "D63.0"],
    ]);
    const cbg = (await ask("search_procedures", {}, { keyword: "9904" })).response;
    assert.deepEqual(cbg, { count: 1, data: [["Transfusion of packed cells", "99.04"]] });
    assert.equal((await ask("search_procedures", {}, { keyword: "hip" })).response.count, 2);
    await ask("search_diagnosis", {}, {}, "E2030");
  });
});
