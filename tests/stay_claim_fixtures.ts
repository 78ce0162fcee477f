/** Helpers of the stay's claim data tests (tests/ipd_claim_fields_test.ts, ipd_sep_test.ts). */
import type { setup } from "./helpers.ts";
import { admission, type seedIpd } from "./ipd_fixtures.ts";

type T = Awaited<ReturnType<typeof setup>>;

/** A SEP as E-Klaim writes them. */
export const SEP = "0301R0011126V000123";

/** A class upgrade allowed from class 2: to class 1 for 2 days, paid by the patient. */
export const UPGRADE = {
  kelas_rawat: "2",
  upgrade_class_class: "kelas_1",
  upgrade_class_los: "2",
  upgrade_class_payor: "peserta",
};

/** A stay's stored record and versionstamp. */
export const stored = async (t: T, id: string) =>
  await t.store.kv.get<Record<string, unknown>>(["ipd", id]);

/** The stay id holding SEP `sep` by its unique key (null: none). */
export const sepOwner = async (t: T, sep: string) =>
  (await t.store.kv.get<string>(["ipd_by_nomor_sep", sep])).value;

/** An edit of stay `id` with `more` over the fixture's admission fields (as the form sends). */
export async function edit(
  t: T,
  w: Awaited<ReturnType<typeof seedIpd>>,
  id: string,
  more: Record<string, string> = {},
) {
  return await t.post("/api/ipd/update", {
    ...admission(w),
    id,
    _version: (await stored(t, id)).versionstamp!,
    ...more,
  });
}
