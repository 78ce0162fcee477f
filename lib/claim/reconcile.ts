import { badRequest } from "../errors.ts";
import { hospitalDay } from "../hospital_time.ts";
import type { Store } from "../db/store.ts";
import type { Visit } from "../ipd/model.ts";
import { visitsOf } from "../ipd/stay.ts";
import { tracked, type Tracker } from "../progress/progress.ts";
import { type Claim, claimCopies, claimsOf, claimStart } from "./claim_store.ts";
import type { EklaimFile, EklaimRow } from "./eklaim.ts";
import { importRefusal } from "../resource/importer.ts";
import { parseInWorker } from "../resource/parse.ts";
import { nextTurn } from "../runtime/turn.ts";
import { formatNumber } from "../format.ts";
import { type Grouping, lastGroupings, matchStay, mrnKey, stayRef, unclaimedOf } from "./match.ts";
import { fillsOf, type Match } from "./fill.ts";
import { claimPackage, restayPackage } from "./claim_package.ts";
import { LIST_LIMIT, type Listed, type Reconciliation } from "./reconciliation.ts";
import { toFinal } from "./bridge_claim.ts";
import type { Registry } from "../resource/refs.ts";

const EKLAIM_WORKER = new URL("./eklaim_worker.ts", import.meta.url);

const listed = <T>(all: T[]): Listed<T> => ({ total: all.length, items: all.slice(0, LIST_LIMIT) });

/**
 * Imports E-Klaim's TXT export and reconciles it with the stays (matched by MRN and dates): the
 * claims, the stays' empty SEP and package and the patients' empty card number, all or nothing
 * (400 naming the bad lines). Rows matching no stay are reported.
 */
export async function importEklaim(
  store: Store,
  file: { name: string; bytes: Uint8Array },
  by: string,
  now: Date,
  progress: Tracker,
  registry: Registry,
): Promise<Reconciliation> {
  return await tracked(progress, async () => {
    const size = file.bytes.length;
    progress.phase("Membaca berkas", size, "byte");
    const { rows, outpatient } = await parseInWorker<EklaimFile>(EKLAIM_WORKER, file.bytes);
    progress.step(size);
    if (!rows.length) {
      throw badRequest(
        `Berkas tidak berisi baris rawat inap (PTD 1)${
          outpatient ? `; ${formatNumber(outpatient)} baris rawat jalan dilewati` : ""
        }.`,
      );
    }
    const col = claimsOf(store);
    // the counter before the index the rows are checked against: a write after fails the import
    const since = (await col.kv.get(col.verKey)).versionstamp;
    const claims = await col.index(true);
    const sepOwner = new Map(claims.rows().map((r) => [r.value.sep, r.value._id]));
    const stayIndex = await visitsOf(store).index();
    const byMrn = Map.groupBy(stayIndex.rows().map((r) => r.value), (v) => mrnKey(v.pasien?.erm));

    progress.phase("Mencocokkan baris", rows.length);
    const { matched, unmatched } = await matchRows(rows, byMrn, sepOwner, progress);
    progress.step(rows.length);

    // the matched stays' whole records, read once
    const whole = await visitsOf(store).full(
      matched.flatMap((m) => stayIndex.get(m.stay._id) ?? []),
      true,
    );
    const groupings = await lastGroupings(store, whole);
    const { changedGroups, tariffGaps, docs, unchanged } = compare(
      matched,
      groupings,
      (id) => claims.get(id)?.value,
      { file: file.name, by, at: now.toISOString() },
    );
    const created = docs.filter((d) => !claims.get(d._id)).length;
    // each matched stay takes its claim's package (written or kept) in the same commits
    const written = new Map(docs.map((d) => [d._id, d]));
    const fills = await fillsOf(store, registry, matched, { stays: stayIndex, whole }, (doc, m) => {
      const claim = written.get(m.stay._id) ?? claims.get(m.stay._id)!.value;
      return restayPackage(store, doc, claimPackage(claim));
    });
    progress.phase("Menyimpan", docs.length);
    if (docs.length || fills.also.length) {
      await col.writeMany(docs, {
        since,
        onCommit: (n) => progress.step(n),
        what: "Impor E-Klaim",
        also: fills.also,
      });
    }

    const days = rows.map((r) => r.claim.discharge).sort();
    const period = { from: days[0], to: days.at(-1)! };
    const claimed = new Set([...claims.rows().map((r) => r.value._id), ...docs.map((d) => d._id)]);
    const unclaimed = unclaimedOf(stayIndex.rows().map((r) => r.value), claimed, period);
    const updated = docs.length - created;
    return {
      message: `Impor E-Klaim selesai: ${formatNumber(rows.length)} baris rawat inap` +
        (outpatient ? ` (${formatNumber(outpatient)} baris rawat jalan dilewati)` : "") +
        `, ${formatNumber(matched.length)} cocok dengan kunjungan: ${formatNumber(created)} ` +
        `baru, ${formatNumber(updated)} diperbarui, ${formatNumber(unchanged)} tidak berubah; ` +
        `${formatNumber(unmatched.total)} baris tidak cocok dengan kunjungan mana pun; ` +
        `No. SEP terisi pada ${formatNumber(fills.sep)} kunjungan, No. kartu pada ` +
        `${formatNumber(fills.kartu)} pasien, ${formatNumber(fills.conflicts.length)} berbeda ` +
        "(tidak diubah).",
      file: file.name,
      rows: rows.length,
      outpatient,
      matched: matched.length,
      created,
      updated,
      unchanged,
      period,
      changedGroups: listed(changedGroups),
      tariffGaps: listed(tariffGaps),
      unclaimed: listed(unclaimed),
      filled: { sep: fills.sep, kartu: fills.kartu },
      conflicts: listed(fills.conflicts),
      unmatched,
    };
  });
}

/**
 * Matches each row with a stay of its MRN and dates (`unmatched`: none). Refuses the file where a
 * SEP repeats, two rows match one stay, or a SEP is another stay's. Yields every 2,048 rows.
 */
async function matchRows(
  rows: EklaimRow[],
  byMrn: Map<string, Visit[]>,
  sepOwner: Map<string, string>,
  progress: Tracker,
): Promise<{ matched: Match[]; unmatched: Reconciliation["unmatched"] }> {
  const errors: string[] = [];
  const matched: Match[] = [];
  const unmatched: Reconciliation["unmatched"] = { total: 0, items: [] };
  const sepLine = new Map<string, number>();
  const stayLine = new Map<string, number>();
  for (const [i, { line, claim }] of rows.entries()) {
    if ((i & 1023) === 0) progress.step(i);
    if ((i & 2047) === 2047) await nextTurn();
    const first = sepLine.get(claim.sep);
    if (first) {
      errors.push(`Baris ${line}: SEP ${claim.sep} sudah ada di baris ${first}.`);
      continue;
    }
    sepLine.set(claim.sep, line);
    const { sep, mrn, nama, admission, discharge } = claim;
    const stays = byMrn.get(mrnKey(mrn));
    const stay = stays && matchStay(stays, claim);
    if (!stay) {
      const reason = stays
        ? "Tidak ada kunjungan rawat inap pasien ini pada tanggal tersebut."
        : "MRN tidak ditemukan di data pasien.";
      if (unmatched.total++ < LIST_LIMIT) {
        unmatched.items.push({ line, sep, mrn, nama, admission, discharge, reason });
      }
      continue;
    }
    const other = stayLine.get(stay._id);
    if (other) {
      errors.push(
        `Baris ${line}: cocok dengan kunjungan yang sama dengan baris ${other} ` +
          `(MRN ${mrn}, masuk ${hospitalDay(stay.visitDate)}).`,
      );
      continue;
    }
    stayLine.set(stay._id, line);
    const owner = sepOwner.get(sep);
    if (owner && owner !== stay._id) {
      errors.push(`Baris ${line}: SEP ${sep} sudah tercatat untuk kunjungan rawat inap lain.`);
      continue;
    }
    matched.push({ line, claim, stay });
  }
  if (errors.length) throw importRefusal(errors);
  return { matched, unmatched };
}

/**
 * Compares each matched row with the app: its group with the stay's last grouping, its TARIF_RS
 * with the hospital total, its data with the stored claim. `docs`: the claims to write.
 */
function compare(
  matched: Match[],
  groupings: Map<string, Grouping>,
  stored: (id: string) => Claim | undefined,
  source: { file: string; by: string; at: string },
) {
  const changedGroups: Reconciliation["changedGroups"]["items"] = [];
  const tariffGaps: Reconciliation["tariffGaps"]["items"] = [];
  const docs: Claim[] = [];
  let unchanged = 0;
  for (const { claim, stay } of matched) {
    const ref = stayRef(stay);
    const before = groupings.get(stay._id) ?? null;
    const after = { code: claim.inacbg, tariff: claim.tarif };
    if (!before || before.code !== after.code || before.tariff !== after.tariff) {
      changedGroups.push({ ...ref, sep: claim.sep, before, after });
    }
    const app = stay.tarifRsTotal ?? 0;
    if (claim.tarifRs !== app) {
      tariffGaps.push({
        ...ref,
        sep: claim.sep,
        eklaim: claim.tarifRs,
        app,
        selisih: claim.tarifRs - app,
      });
    }
    const old = stored(stay._id);
    if (old?.status !== "belum" && JSON.stringify(old?.eklaim) === JSON.stringify(claim)) {
      unchanged++;
      continue;
    }
    const copied = {
      eklaim: claim,
      sep: claim.sep,
      ...claimCopies(stay),
      importedAt: source.at,
      file: source.file,
    };
    docs.push(
      old ? { ...old, ...copied, ...toFinal(old, source) } : {
        _id: stay._id,
        ...copied,
        ...claimStart({ status: "final", at: source.at, by: source.by }),
      },
    );
  }
  return { changedGroups, tariffGaps, docs, unchanged };
}
