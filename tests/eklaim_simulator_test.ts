import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import {
  bySep,
  claimWith,
  idrg,
  inacbg,
  type J,
  KEY,
  NIK,
  PATIENT,
  SEP,
  withSim,
} from "./eklaim_sim_fixtures.ts";

Deno.test("eklaim sim: the whole 5.10 flow, with the manual's figures", async () => {
  await withSim(async (ask, sim) => {
    await ask("new_claim", {}, PATIENT);
    await ask("set_claim_data", bySep, {
      tgl_masuk: "2023-01-25 12:55:00",
      tgl_pulang: "2023-01-31 09:55:00",
      jenis_rawat: "1",
      kelas_rawat: "3",
      coder_nik: NIK,
    });
    const dx = await ask("idrg_diagnosa_set", bySep, { diagnosa: "S73.02#E11.9#Q99.9" });
    assert.equal(dx.data.string, "S73.02#E11.9");
    assert.deepEqual(dx.data.expanded.map((e: J) => [e.code, e.validcode]), [
      ["S73.02", "1"],
      ["E11.9", "1"],
      ["Q99.9", "0"],
    ]);
    const px = await ask("idrg_procedure_set", bySep, { procedure: "81.53#86.28+2#91.799" });
    assert.equal(px.data.string, "81.53#86.28+2#91.799");
    assert.deepEqual(px.data.expanded.map((e: J) => e.multiplicity), [1, 2, 1]);
    const g1 = (await ask("grouper", idrg(1), bySep)).response_idrg;
    assert.deepEqual([g1.mdc_number, g1.drg_code, g1.cost_weight], ["18", "1807119", "5.14"]);
    assert.deepEqual([g1.total_cost_weight, g1.total_tarif], ["5.14", "41310488"]);
    assert.deepEqual(g1.topup_options.map((t: J) => [t.code, t.cost_weight]), [
      ["13031", "1.97019644"],
    ]);
    const g2 = (await ask("grouper", idrg(2), { ...bySep, topup_codes: "13031" })).response_idrg;
    assert.deepEqual([g2.total_cost_weight, g2.total_tarif], ["7.11019644", "57145075"]);
    assert.equal(g2.topup[0].code, "13031");
    await ask("idrg_grouper_final", {}, bySep);
    const imp = (await ask("idrg_to_inacbg_import", {}, bySep)).data;
    assert.equal(imp.diagnosa.string, "S73.02#E11.9");
    assert.deepEqual(imp.diagnosa.expanded[0].metadata, {
      code: "400",
      error_no: "E2101",
      message: "IM tidak berlaku",
    });
    assert.equal(imp.procedure.string, "81.53#86.28#91.799");
    assert.deepEqual(imp.procedure.expanded.map((e: J) => e.validcode), ["1", "1", "0"]);
    assert.deepEqual(sim.claims.get(SEP)!.inacbg.diagnosa, ["E11.9"], "IM codes not kept");
    await ask("inacbg_diagnosa_set", bySep, { diagnosa: "S73.0#E11.9" });
    await ask("inacbg_procedure_set", bySep, { procedure: "81.53#86.28" });
    const c1 = await ask("grouper", inacbg(1), bySep);
    assert.equal(c1.response_inacbg.cbg.code, "M-1-04-I");
    assert.deepEqual([c1.response_inacbg.base_tariff, c1.response_inacbg.tariff], [
      "31713400",
      "31713400",
    ]);
    assert.equal(c1.response_inacbg.kelas, "kelas_3");
    assert.deepEqual(c1.special_cmg_option.map((o: J) => o.code), ["RR04Hip", "RR04Knee", "YY01"]);
    const c2 = await ask("grouper", inacbg(2), { ...bySep, special_cmg: "RR04Hip#YY01" });
    assert.equal(c2.response_inacbg.tariff, "62812400");
    assert.deepEqual(c2.response_inacbg.special_cmg.map((s: J) => s.code).sort(), [
      "RR-04-III-Hip",
      "YY-01-II",
    ]);
    await ask("inacbg_grouper_final", {}, bySep);
    await ask("claim_final", {}, { ...bySep, coder_nik: NIK });
    await ask("send_claim_individual", {}, bySep);
    const status = await ask("get_claim_status", {}, bySep);
    assert.deepEqual(status.response, { status_kirim: "1", tgl_kirim: "2023-02-01 03:04:05" });
    const pdf = Buffer.from((await ask("claim_print", {}, bySep)).data, "base64").toString(
      "latin1",
    );
    assert.ok(pdf.startsWith("%PDF-1.4\n") && pdf.endsWith("%%EOF\n") && pdf.includes(SEP));
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    assert.ok(pdf.startsWith("xref", xref), "startxref points at the table");
    for (const [i, at] of [...pdf.slice(xref).matchAll(/(\d{10}) 00000 n/g)].entries()) {
      assert.ok(pdf.startsWith(`${i + 1} 0 obj`, Number(at[1])), `object ${i + 1}`);
    }
    const data = (await ask("get_claim_data", {}, bySep)).response;
    assert.deepEqual([data.cbg_code, data.cbg_tariff, data.diagnosa, data.diagnosa_inagrouper], [
      "M-1-04-I",
      "62812400",
      "S73.0#E11.9",
      "S73.02#E11.9",
    ]);
    const range = {
      start_dt: "2023-01-01",
      stop_dt: "2023-01-31",
      jenis_rawat: "1",
      date_type: "1",
    };
    const sent = (await ask("send_claim", {}, range)).response;
    assert.deepEqual(sent, {
      data: [{ nomor_sep: SEP, tgl_pulang: "2023-01-31 09:55:00" }],
      count: 1,
    });
    assert.equal(
      (await ask("send_claim", {}, { ...range, stop_dt: "2023-01-30" })).response.count,
      0,
    );
    await ask("reedit_claim", {}, bySep);
    assert.equal((await ask("get_claim_status", {}, bySep)).response.status_kirim, "0");
    await ask("inacbg_grouper_reedit", {}, bySep);
    await ask("idrg_grouper_reedit", {}, bySep);
    const c = sim.claims.get(SEP)!;
    assert.deepEqual([c.final, c.idrg.final, c.inacbg.final, c.inacbg.diagnosa], [
      false,
      false,
      false,
      [],
    ]);
    assert.deepEqual(sim.calls.map((x) => x.method), [
      "new_claim",
      "set_claim_data",
      "idrg_diagnosa_set",
      "idrg_procedure_set",
      "grouper",
      "grouper",
      "idrg_grouper_final",
      "idrg_to_inacbg_import",
      "inacbg_diagnosa_set",
      "inacbg_procedure_set",
      "grouper",
      "grouper",
      "inacbg_grouper_final",
      "claim_final",
      "send_claim_individual",
      "get_claim_status",
      "claim_print",
      "get_claim_data",
      "send_claim",
      "send_claim",
      "reedit_claim",
      "get_claim_status",
      "inacbg_grouper_reedit",
      "idrg_grouper_reedit",
    ]);
    assert.ok(sim.calls.every((x) => x.keyOk && !JSON.stringify(x).includes(KEY)));
  });
});

Deno.test("eklaim sim: steps out of order get the manual's error numbers", async () => {
  await withSim(async (ask) => {
    await ask("grouper", idrg(1), bySep, "E2004");
    await ask("new_claim", {}, { ...PATIENT, nama_pasien: "" }, "E2030");
    await claimWith(ask, "S73.02#E11.9", "81.53");
    await ask("new_claim", {}, PATIENT, "E2007");
    await ask("set_claim_data", bySep, { coder_nik: NIK, diagnosa: "A00.0" }, "E2044");
    await ask("grouper", idrg(2), { ...bySep, topup_codes: "13031" }, "E2017");
    await ask("idrg_grouper_final", {}, bySep, "E2017");
    await ask("grouper", inacbg(1), bySep, "E2103");
    await ask("idrg_to_inacbg_import", {}, bySep, "E2103");
    await ask("claim_final", {}, { ...bySep, coder_nik: NIK }, "E2103");
    await ask("grouper", idrg(1), bySep);
    await ask("idrg_diagnosa_set", bySep, { diagnosa: "S73.02" });
    await ask("idrg_grouper_final", {}, bySep, "E2017"); // the coding changed: group again
    await ask("grouper", idrg(1), bySep);
    await ask("idrg_grouper_final", {}, bySep);
    await ask("idrg_grouper_final", {}, bySep, "E2102");
    await ask("idrg_diagnosa_set", bySep, { diagnosa: "E11.9" }, "E2102");
    await ask("inacbg_grouper_reedit", {}, bySep, "E2104");
    await ask("inacbg_grouper_final", {}, bySep, "E2017");
    await ask("claim_final", {}, { ...bySep, coder_nik: NIK }, "E2104");
    const dx = await ask("inacbg_diagnosa_set", bySep, { diagnosa: "S73.02#S73.0" });
    assert.equal(dx.data.string, "S73.0");
    assert.equal(dx.data.expanded[0].metadata.error_no, "E2101");
    await ask("grouper", inacbg(1), bySep);
    await ask("inacbg_grouper_final", {}, bySep);
    await ask("idrg_grouper_reedit", {}, bySep, "E2102");
    await ask("claim_final", {}, bySep, "E2030");
    await ask("claim_final", {}, { ...bySep, coder_nik: NIK });
    await ask("claim_final", {}, { ...bySep, coder_nik: NIK }, "E2009");
    await ask("set_claim_data", bySep, { coder_nik: NIK, kelas_rawat: "1" }, "E2009");
    await ask("inacbg_grouper_reedit", {}, bySep, "E2009");
  });
});

Deno.test("eklaim sim: ungroupable iDRG (MDC 36) and an X INA-CBG group stop the flow", async () => {
  await withSim(async (ask, sim) => {
    await claimWith(ask, "R99");
    const g = (await ask("grouper", idrg(1), bySep)).response_idrg;
    assert.deepEqual([g.mdc_number, g.drg_code, g.topup_options], ["36", "3600019", undefined]);
    await ask("grouper", idrg(2), { ...bySep, topup_codes: "#" }, "E2105");
    await ask("idrg_grouper_final", {}, bySep, "E2105");
    sim.options.ungroupableDx = ["J18.9"];
    await ask("idrg_diagnosa_set", bySep, { diagnosa: "J18.9" });
    assert.equal((await ask("grouper", idrg(1), bySep)).response_idrg.mdc_number, "36");
    await ask("idrg_diagnosa_set", bySep, { diagnosa: "O80.0" });
    assert.equal((await ask("grouper", idrg(1), bySep)).response_idrg.mdc_number, "14");
    await ask("idrg_grouper_final", {}, bySep);
    await ask("idrg_to_inacbg_import", {}, bySep);
    const x = await ask("grouper", inacbg(1), bySep);
    assert.deepEqual(x.response_inacbg.cbg, {
      code: "X-0-13-X",
      description: "ERROR: MALE WITH GROUPING CRITERIA NOT MET",
    });
    assert.equal(x.response_inacbg.tariff, undefined);
    assert.equal(x.special_cmg_option, undefined);
    await ask("inacbg_grouper_final", {}, bySep, "E2063");
  });
});
