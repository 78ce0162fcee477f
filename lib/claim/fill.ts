import type { AlsoWrite } from "../db/bulk.ts";
import type { Store } from "../db/store.ts";
import type { Doc, MemIndex, Row } from "../index/index.ts";
import { normalSep } from "../ipd/claim_codes.ts";
import type { Visit } from "../ipd/model.ts";
import { visitsOf } from "../ipd/stay.ts";
import { formatDateTime } from "../format.ts";
import type { Registry } from "../resource/refs.ts";
import { collectionOf } from "../resource/resource.ts";
import type { EklaimClaim } from "./eklaim.ts";
import { type StayRef, stayRef } from "./match.ts";

/** A row of the file and the stay it matched. */
export interface Match {
  line: number;
  claim: EklaimClaim;
  stay: Visit;
}

/** A value the import would complete that the app records otherwise or cannot take: reported. */
export interface FillConflict extends StayRef {
  line: number;
  sep: string;
  field: "nomor_sep" | "nomor_kartu";
  eklaim: string;
  app: string;
  reason: string;
}

/** What an import completes on the records it matched, and what it reports instead. */
export interface Fills {
  /** The stays and patients to write with the claims (`writeMany`'s `also`). */
  also: AlsoWrite[];
  conflicts: FillConflict[];
  /** Stays given their SEP, patients their card number. */
  sep: number;
  kartu: number;
}

/** A SEP as a stay takes it (lib/ipd/claim_fields.ts). */
const SEP_FORMAT = /^[A-Z0-9]{1,30}$/;
/** A BPJS card number: 13 digits. */
const KARTU_FORMAT = /^\d{13}$/;

const who = (v: Visit) =>
  `${v.pasien.fullname} (No. ERM ${v.pasien.erm}), masuk ${formatDateTime(v.visitDate)}`;

/**
 * What the import completes on the records matched: the stays' empty `nomor_sep`, the patients'
 * empty `nomor_kartu` (other values reported); `restay` changes more of a stay (its package).
 */
export async function fillsOf(
  store: Store,
  registry: Registry,
  matched: Match[],
  read: { stays: MemIndex<Visit>; whole: Row<Visit>[] },
  restay?: (doc: Visit, m: Match) => Promise<Visit>,
): Promise<Fills> {
  const conflicts: FillConflict[] = [];
  const visits = visitsOf(store);
  const { stays } = read;
  const whole = new Map(read.whole.map((r) => [r.value._id, r]));
  const sepHolder = new Map<string, Visit>();
  for (const r of stays.rows()) if (r.value.nomor_sep) sepHolder.set(r.value.nomor_sep, r.value);
  const patients = collectionOf(store, registry.get("pasien")!);
  const people = new Map(
    (await patients.findMany([...new Set(matched.map((m) => m.stay.pasien._id))]))
      .map((r) => [r.value._id, r]),
  );
  // should the card number be unique among patients, one held by another is reported too
  const cardHeld = async (card: string, id: string) =>
    !!patients.spec.unique?.includes("nomor_kartu") &&
    ![null, id].includes(await patients.idBy("nomor_kartu", card));
  const stayWrites: AlsoWrite["writes"] = [];
  const kartu = new Map<string, string>();
  let seps = 0;
  for (const m of matched) {
    const { line, claim, stay } = m;
    const row = whole.get(stay._id);
    if (!row) continue;
    const report = (field: FillConflict["field"], eklaim: string, app: string, reason: string) =>
      conflicts.push({ ...stayRef(row.value), line, sep: claim.sep, field, eklaim, app, reason });
    const sep = normalSep(claim.sep), have = row.value.nomor_sep ?? "";
    const holder = sepHolder.get(sep);
    let doc = row.value;
    if (have && have !== sep) {
      report("nomor_sep", claim.sep, have, "No. SEP kunjungan berbeda dengan SEP E-Klaim.");
    } else if (!have && !SEP_FORMAT.test(sep)) {
      report("nomor_sep", claim.sep, "", "SEP E-Klaim bukan huruf dan angka 1 sampai 30 karakter.");
    } else if (!have && holder && holder._id !== stay._id) {
      report("nomor_sep", claim.sep, "", `SEP ini tercatat pada kunjungan lain: ${who(holder)}.`);
    } else if (!have) {
      doc = { ...doc, nomor_sep: sep };
      seps++;
    }
    if (restay) doc = await restay(doc, m);
    if (doc !== row.value) stayWrites.push({ doc, read: row as Row<Doc> });
    const card = claim.noKartu.trim(), person = people.get(stay.pasien._id);
    if (!card || !person) continue;
    const recorded = String(person.value.nomor_kartu ?? "") || kartu.get(person.value._id) || "";
    if (recorded && recorded !== card) {
      report(
        "nomor_kartu",
        card,
        recorded,
        "No. kartu BPJS pasien berbeda dengan NOKARTU E-Klaim.",
      );
    } else if (!recorded && !KARTU_FORMAT.test(card)) {
      report("nomor_kartu", card, "", "NOKARTU E-Klaim bukan 13 angka.");
    } else if (!recorded && await cardHeld(card, person.value._id)) {
      report("nomor_kartu", card, "", "No. kartu BPJS ini tercatat pada pasien lain.");
    } else if (!recorded) kartu.set(person.value._id, card);
  }
  const personWrites = [...kartu].map(([id, card]) => {
    const read = people.get(id)!;
    return { doc: { ...read.value, nomor_kartu: card }, read };
  });
  return {
    also: [
      { col: visits, writes: stayWrites },
      { col: patients, writes: personWrites },
    ].filter((a) => a.writes.length),
    conflicts,
    sep: seps,
    kartu: personWrites.length,
  };
}
