import assert from "node:assert/strict";
import { setup } from "./helpers.ts";
import { claimReady, seedIpd } from "./ipd_fixtures.ts";
import { admitDischarge } from "./claim_fixtures.ts";
import { claimChecks, readinessBuilt } from "../lib/claim/checks.ts";
import { readinessCounts } from "../lib/claim/list.ts";
import { registry } from "../resources/mod.ts";

Deno.test("dashboard counters: before every stay's readiness is built only the period's stays are checked, with the same counts", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const patient = async (erm: string, first_name: string) =>
    (await t.post("/api/pasien/update", {
      id: "",
      erm,
      first_name,
      last_name: "",
      gender: "P",
      tgl_lahir: "1980-01-01",
    }))
      .body.data._id as string;
  const ani = await patient("000777", "Ani"), dewi = await patient("000888", "Dewi");
  // October 2025: two stays with a grouping and a primary diagnosis (ready), one without a
  // grouping (GROUPING blocks it); November 2025: one more ready stay, outside the period
  const dx = ["J18.9"];
  const oct = (d: string) => ({
    masuk: `2025-10-${d}`,
    pulang: `2025-10-${String(Number(d) + 1).padStart(2, "0")}`,
  });
  // (each with the SEP and entitled class E-Klaim needs)
  await admitDischarge(t, w, w.pasien, oct("05"), w.j4, "1", dx, claimReady(1));
  await admitDischarge(t, w, w.pasien2, oct("10"), w.j4, "1", dx, claimReady(2));
  await admitDischarge(t, w, ani, oct("20"), "", "1", dx, claimReady(3));
  const nov = { masuk: "2025-11-05", pulang: "2025-11-06" };
  await admitDischarge(t, w, dewi, nov, w.j4, "1", dx, claimReady(4));
  const period = { from: "2025-10-01", to: "2025-10-31" };
  assert.equal(readinessBuilt(t.store), false);
  assert.deepEqual(await readinessCounts(t.store, registry, period), { siap: 2, perbaikan: 1 });
  // the first dashboard did not build the readiness of every stay
  assert.equal(readinessBuilt(t.store), false);
  await claimChecks(t.store, registry);
  assert.equal(readinessBuilt(t.store), true);
  assert.deepEqual(await readinessCounts(t.store, registry, period), { siap: 2, perbaikan: 1 });
  assert.deepEqual(
    await readinessCounts(t.store, registry, { from: "2025-10-01", to: "2025-11-30" }),
    { siap: 3, perbaikan: 1 },
  );
});
