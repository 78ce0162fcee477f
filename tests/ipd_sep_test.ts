import assert from "node:assert/strict";
import { setup } from "./helpers.ts";
import { admission, admit, seedIpd } from "./ipd_fixtures.ts";
import { visitsOf } from "../lib/ipd/stay.ts";
import { edit, SEP, sepOwner, stored, UPGRADE } from "./stay_claim_fixtures.ts";

/**
 * The stay's SEP, one per stay (409 naming the stay holding it, also under a race), and the
 * discharge completing the SEP, ICU and upgrade days within the length of stay.
 */

Deno.test("ipd claim data: upgrade and ICU days within the length of stay once discharged; both completed at discharge", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const stay = await admit(t, w, {
    visitDate: "2026-11-01T08:00",
    ...UPGRADE,
    upgrade_class_los: "9",
  });
  const discharge = async (more: Record<string, string>) =>
    await t.post("/api/ipd/discharge-patient/update", {
      id: stay._id,
      _version: (await stored(t, stay._id)).versionstamp!,
      tanggal_pulang: "2026-11-04T10:00",
      dischargepatient: w.pulang,
      confirm_no_diagnosis: "1",
      ...more,
    });
  // 3 days (01-11 to 04-11): 9 upgrade days are refused at discharge, 4 ICU days too
  let r = await discharge({});
  assert.equal(r.status, 400);
  assert.equal(r.body.field, "upgrade_class_los");
  assert.match(r.body.message, /Lama naik kelas \(9 hari\) melebihi lama rawat \(3 hari\)/);
  r = await discharge({ upgrade_class_los: "3", icu_los: "4" });
  assert.equal(r.body.field, "icu_los");
  assert.match(r.body.message, /Lama rawat ICU \(4 hari\) melebihi lama rawat \(3 hari\)/);
  r = await discharge({ nomor_sep: "bad-sep" });
  assert.equal(r.body.field, "nomor_sep");
  assert.equal((await stored(t, stay._id)).value!.status, "dirawat");
  // the discharge form completes the SEP, ICU and upgrade days
  r = await discharge({ nomor_sep: SEP.toLowerCase(), icu_los: "2", upgrade_class_los: "3" });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const d = r.body.data;
  assert.deepEqual([d.status, d.nomor_sep, d.icu_los, d.upgrade_class_los], ["pulang", SEP, 2, 3]);
  assert.equal(await sepOwner(t, SEP), stay._id);
  // a discharged stay's edit: the same bounds
  const e = await edit(t, w, stay._id, { ...UPGRADE, upgrade_class_los: "4" });
  assert.equal(e.status, 400);
  assert.equal(e.body.field, "upgrade_class_los");
});

Deno.test("ipd claim data: a SEP another stay holds is a 409 naming that stay, also when two admissions race", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const a = await admit(t, w, { nomor_sep: SEP });
  const other = admission(w, { pasienId: w.pasien2, visitDate: "2026-11-02T09:30" });
  let r = await t.post("/api/ipd/update", { ...other, nomor_sep: "0301r0011126v000123" });
  assert.equal(r.status, 409);
  assert.equal(r.body.field, "nomor_sep");
  assert.equal(
    r.body.message,
    `No. SEP ${SEP} sudah tercatat pada kunjungan rawat inap lain: Siti (No. ERM 000123), ` +
      "masuk 01-11-2026 08:00.",
  );
  assert.equal((await visitsOf(t.store).index()).size, 1);
  // admitted without it, then given it by an edit or at discharge: the same 409
  const b = await admit(t, w, other);
  const { id: _, ...otherFields } = other;
  r = await edit(t, w, b._id, { ...otherFields, nomor_sep: SEP });
  assert.equal(r.status, 409);
  assert.match(r.body.message, /Siti \(No\. ERM 000123\)/);
  r = await t.post("/api/ipd/discharge-patient/update", {
    id: b._id,
    _version: (await stored(t, b._id)).versionstamp!,
    tanggal_pulang: "2026-11-04T10:00",
    dischargepatient: w.pulang,
    confirm_no_diagnosis: "1",
    nomor_sep: SEP,
  });
  assert.equal(r.status, 409);
  assert.match(r.body.message, /Siti \(No\. ERM 000123\)/);
  assert.equal((await stored(t, b._id)).value!.status, "dirawat");
  assert.equal(await sepOwner(t, SEP), a._id);

  // two admissions of two other patients with one new SEP at once: one is stored, the other
  // told whose it is
  const patient = async (erm: string, first: string) =>
    (await t.post("/api/pasien/update", {
      id: "",
      erm,
      first_name: first,
      last_name: "",
      gender: "L",
      tgl_lahir: "1970-01-01",
    }))
      .body.data._id as string;
  const [p1, p2] = [await patient("000777", "Agus"), await patient("000888", "Bayu")];
  const race = "0301R0011126V000999";
  const res = await Promise.all(
    [p1, p2].map((pasienId) =>
      t.post(
        "/api/ipd/update",
        admission(w, { pasienId, nomor_sep: race, visitDate: "2026-11-20T08:00" }),
      )
    ),
  );
  assert.deepEqual(res.map((r) => r.status).sort(), [200, 409]);
  const won = res.find((r) => r.status === 200)!.body.data;
  const lost = res.find((r) => r.status === 409)!.body;
  assert.equal(lost.field, "nomor_sep");
  assert.equal(
    lost.message,
    `No. SEP ${race} sudah tercatat pada kunjungan rawat inap lain: ${won.pasien.fullname} ` +
      `(No. ERM ${won.pasien.erm}), masuk 20-11-2026 08:00.`,
  );
  assert.equal(await sepOwner(t, race), won._id);
  const held = (await visitsOf(t.store).index()).rows().filter((r) => r.value.nomor_sep === race);
  assert.deepEqual(held.map((r) => r.value._id), [won._id]);
});
