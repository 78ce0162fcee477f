/** Visit documents with known values, written straight through the stays' collection. */
import type { Visit } from "../lib/ipd/model.ts";
import { newId } from "../lib/db/ids.ts";
import { EMPTY_STAY, visitsOf } from "../lib/ipd/stay.ts";
import type { Store } from "../lib/db/store.ts";

/** A stay admitted at `visitDate` (ISO), still admitted unless `over` says otherwise. */
export function visitDoc(visitDate: string, over: Partial<Visit> = {}): Visit {
  const _id = newId();
  const pasienId = newId();
  const status = over.status ?? "dirawat";
  return {
    _id,
    pasien: { _id: pasienId, fullname: `Pasien ${_id.slice(-4)}`, erm: _id.slice(-6), gender: "P" },
    visitDate,
    indicationranap: null,
    diagnosis_awal: "",
    asal: "IGD",
    room: { _id: "room", name: "Melati" },
    igd: null,
    dpjp: null,
    episode: null,
    criteria: null,
    readmisi: false,
    readmisi_reason: "",
    ...EMPTY_STAY,
    openPasien: status === "dirawat" ? pasienId : null,
    status,
    ...over,
  };
}

/** Tariff totals of a stay with its percentage, as the examinations would leave them. */
export function tariff(ina: number, rs: number): Partial<Visit> {
  const p = Math.round((ina - rs) / ina * 10_000) / 100;
  return {
    tarifInaTotal: ina,
    tarifRsTotal: rs,
    percentageTotal: p,
    latestTarifIna: ina,
    latestTarifRs: rs,
    latestPercentage: p,
  };
}

/** Writes the stays through the collection the app reads them from. */
export async function writeVisits(store: Store, docs: Visit[]): Promise<void> {
  await visitsOf(store).writeMany(docs);
}
