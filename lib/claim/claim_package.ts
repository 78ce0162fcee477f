import { AppError } from "../errors.ts";
import type { Store } from "../db/store.ts";
import { Tx } from "../db/tx.ts";
import type { Visit } from "../ipd/model.ts";
import {
  assumedTotals,
  type EklaimPackage,
  eklaimSource,
  hasPackage,
  kelasOf,
  withEklaimPackage,
} from "../ipd/package.ts";
import { stayTotals } from "../ipd/rules.ts";
import { examsOf, visitsOf } from "../ipd/stay.ts";
import { type Claim, claimsOf } from "./claim_store.ts";

/** E-Klaim's package as a claim holds it (tariff class: the grouper's, else KELAS_RAWAT). */
export function claimPackage(c: Pick<Claim, "eklaim" | "importedAt">): EklaimPackage {
  const e = c.eklaim;
  return {
    code: e.inacbg,
    description: e.deskripsi,
    tariff: e.tarif,
    kelas: kelasOf(e.kelas ?? e.kelasRawat),
    source: eklaimSource(e.versi),
    at: c.importedAt,
  };
}

/** Stay `v` (whole) with E-Klaim's package `g` in force, the app's pick kept as the ward's. */
export async function restayPackage(store: Store, v: Visit, g: EklaimPackage): Promise<Visit> {
  if (hasPackage(v, g)) return v;
  if (v.inacbg !== undefined) return withEklaimPackage(v, g);
  const exams = await examsOf(store).findMany(v.ipddetails ?? []);
  const t = stayTotals(exams.map((e) => e.value));
  return withEklaimPackage(v, g, {
    ...assumedTotals(v),
    inacbg: t.inacbg,
    inacbgKelas: t.inacbgKelas,
  });
}

/** The marker of `migrateClaimPackages` (`["_meta","migrated",name]`). */
export const PACKAGE_MIGRATION = ["_meta", "migrated", "ipd.paket_eklaim"] as const;

/** Stays per commit of the migration: two checks each (stay, claim) within KV's 100. */
export const MIGRATION_BATCH = 40;

/** Once per install: claimed stays get E-Klaim's package (a raced batch: the next start). */
export async function migrateClaimPackages(
  store: Store,
  pause: () => Promise<void> = () => Promise.resolve(),
): Promise<number> {
  if ((await store.kv.get([...PACKAGE_MIGRATION])).versionstamp) return 0;
  const claims = claimsOf(store), visits = visitsOf(store);
  const [claimIndex, stays] = await Promise.all([claims.index(true), visits.index(true)]);
  const todo = claimIndex.rows().filter((c) => {
    const v = stays.get(c.value._id)?.value;
    return v && !hasPackage(v, claimPackage(c.value));
  });
  let done = 0, raced = false;
  for (let i = 0; i < todo.length; i += MIGRATION_BATCH) {
    const part = todo.slice(i, i + MIGRATION_BATCH);
    const rows = await visits.findMany(part.map((c) => c.value._id));
    const tx = new Tx(store.kv);
    let n = 0;
    for (const row of rows) {
      const claim = part.find((c) => c.value._id === row.value._id)!;
      const doc = await restayPackage(store, row.value, claimPackage(claim.value));
      if (doc === row.value) continue;
      tx.check({ key: claims.key(claim.value._id), versionstamp: claim.versionstamp });
      const { _id, ...rest } = doc;
      tx.put(visits, _id, rest, row);
      n++;
    }
    if (n) {
      try {
        await tx.commit();
        done += n;
      } catch (e) {
        if (!(e instanceof AppError) || e.status !== 409) throw e;
        raced = true;
      }
    }
    await pause();
  }
  if (!raced) await store.kv.set([...PACKAGE_MIGRATION], new Date().toISOString());
  return done;
}
