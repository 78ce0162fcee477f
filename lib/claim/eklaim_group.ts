import { AppError, badGateway, badRequest, conflict, STALE_MESSAGE } from "../errors.ts";
import { hospitalDay } from "../hospital_time.ts";
import type { Row } from "../index/index.ts";
import type { Store } from "../db/store.ts";
import { Tx } from "../db/tx.ts";
import type { Visit } from "../ipd/model.ts";
import { hasPackage } from "../ipd/package.ts";
import { lengthOfStay } from "../ipd/rules.ts";
import { getVisit, visitsOf } from "../ipd/stay.ts";
import { type Claim, claimCopies, type ClaimData, claimsOf, claimStart } from "./claim_store.ts";
import { toFinal } from "./bridge_claim.ts";
import { type EklaimClaim, eklaimRupiah } from "./eklaim.ts";
import { claimPackage, restayPackage } from "./claim_package.ts";

/** One INA-CBG grouping as the bridge records it. */
export interface GroupRecord {
  /** E-Klaim's `response_inacbg` as the `grouper` answered it (stage 1 or 2). */
  response_inacbg: unknown;
  stage: 1 | 2;
  /** Whether `inacbg_grouper_final` followed: a claim not yet final (`belum`) becomes `final`. */
  final: boolean;
  /** The INA-CBG codes sent, primary first (default: the summary's, else the examinations'). */
  diagnoses?: string[];
  procedures?: string[];
}

/** Who records it, when, and the versions the bridge read before calling E-Klaim. */
export interface GroupOptions {
  by: string;
  now?: Date;
  /** The stay's versionstamp as read: 409 when the stay changed since. */
  stayVersion?: string;
  /** The claim's versionstamp as read (null: it had none): 409 when that changed since. */
  claimVersion?: string | null;
}

/** What was written, and the records before (for the audit). */
export interface GroupWrite {
  claim: Row<Claim>;
  visit: Row<Visit>;
  before: { claim: Claim | null; visit: Visit };
}

const CODE = /^[A-Z0-9][A-Z0-9.-]{0,19}$/;
const text = (v: unknown, max: number) => typeof v === "string" ? v.trim().slice(0, max) : "";

/** A rupiah amount E-Klaim wrote (`"62812400"` or a number), or null when it is not one. */
function rupiah(v: unknown): number | null {
  const n = typeof v === "number" || typeof v === "string" ? eklaimRupiah(String(v)) : null;
  return typeof n === "number" ? n : null;
}

/** The group of `response_inacbg`: 502 without a valid code or tariff, 422 for an error group. */
function readInacbg(r: unknown): Pick<
  EklaimClaim,
  "inacbg" | "deskripsi" | "tarif" | "kelas" | "versi" | "specialCmg"
> {
  const o = (r ?? {}) as Record<string, unknown>;
  const cbg = (o.cbg ?? {}) as Record<string, unknown>;
  const code = text(cbg.code, 40).toUpperCase();
  const deskripsi = text(cbg.description, 300);
  if (!CODE.test(code)) {
    throw badGateway("Jawaban grouper E-Klaim tidak berisi kode INA-CBG yang sah.");
  }
  if (code.startsWith("X")) {
    throw new AppError(
      422,
      `Hasil grouping E-Klaim adalah grup error ${code}${deskripsi ? ` (${deskripsi})` : ""}: ` +
        "perbaiki kode diagnosis dan prosedur, lalu grouping ulang.",
    );
  }
  const tarif = rupiah(o.tariff);
  if (tarif === null) throw badGateway(`Tarif grouping E-Klaim untuk ${code} tidak terbaca.`);
  const specialCmg = Array.isArray(o.special_cmg)
    ? o.special_cmg.map((s: Record<string, unknown>) => ({
      code: text(s?.code, 40),
      description: text(s?.description, 300),
      tariff: rupiah(s?.tariff) ?? 0,
      type: text(s?.type, 60),
    }))
    : [];
  const versi = text(o.inacbg_version, 60);
  return {
    inacbg: code,
    deskripsi,
    tarif,
    kelas: text(o.kelas, 20),
    ...(versi ? { versi } : {}),
    ...(specialCmg.length ? { specialCmg } : {}),
  };
}

const withoutId = ({ _id: _, ...rest }: Claim): ClaimData => rest;

/** The claim's E-Klaim data of grouping `g` of stay `v` (a whole record) at `now`. */
function claimOf(v: Visit, g: GroupRecord, now: Date): EklaimClaim {
  const codes = (summary: { code: string }[] | undefined, all: string[]) =>
    summary?.length ? summary.map((i) => i.code) : all;
  return {
    sep: v.nomor_sep!,
    mrn: v.pasien.erm,
    nama: v.pasien.fullname,
    noKartu: v.pasien.nomor_kartu ?? "",
    admission: hospitalDay(v.visitDate),
    discharge: hospitalDay(v.tanggal_pulang ?? now),
    los: lengthOfStay(v.visitDate, v.tanggal_pulang, now),
    kelasRawat: v.kelas_rawat ?? "",
    ...readInacbg(g.response_inacbg),
    tarifRs: v.tarifRsTotal ?? 0,
    dpjp: v.dpjp?.fullname ?? "",
    diagnoses: g.diagnoses ?? codes(v.summary_diagnosis, v.codes10 ?? []),
    procedures: g.procedures ?? codes(v.summary_tindakan, v.codes9 ?? []),
    icu: (v.icu_los ?? 0) > 0,
    icuLos: v.icu_los ?? null,
    via: "ws",
    stage: g.stage,
    final: g.final,
  };
}

/**
 * Records a grouping E-Klaim answered for stay `ipdId`: its claim (`belum`, or `final` once
 * final) and package in force, in one commit checked against the records read (else 409).
 */
export async function recordEklaimGroup(
  store: Store,
  ipdId: string,
  g: GroupRecord,
  opts: GroupOptions,
): Promise<GroupWrite> {
  const now = opts.now ?? new Date();
  const claims = claimsOf(store), visits = visitsOf(store);
  const [stay, old] = await Promise.all([getVisit(store, ipdId), claims.find(ipdId)]);
  if (opts.stayVersion !== undefined && opts.stayVersion !== stay.versionstamp) {
    throw conflict(STALE_MESSAGE);
  }
  if (opts.claimVersion !== undefined && opts.claimVersion !== (old?.versionstamp ?? null)) {
    throw conflict(STALE_MESSAGE);
  }
  const v = stay.value;
  if (!v.nomor_sep) {
    throw badRequest("No. SEP kunjungan belum diisi: isi di Data Klaim sebelum grouping E-Klaim.");
  }
  const at = now.toISOString();
  const eklaim = claimOf(v, g, now);
  const final = { status: "final" as const, at, by: opts.by };
  const claimDoc: ClaimData = {
    ...(old ? withoutId(old.value) : claimStart(g.final ? final : undefined)),
    ...(old && g.final ? toFinal(old.value, final) : {}),
    ...claimCopies(v),
    eklaim,
    sep: eklaim.sep,
    importedAt: at,
    file: "Grouping E-Klaim (web service)",
  };
  const pkg = claimPackage({ eklaim, importedAt: at });
  const stayDoc = hasPackage(v, pkg)
    ? { ...v, paket_waktu: at }
    : await restayPackage(store, v, pkg);
  const tx = new Tx(store.kv);
  tx.put(claims, ipdId, claimDoc, old);
  const { _id: _s, ...stayData } = stayDoc;
  tx.put(visits, ipdId, stayData, stay);
  const vs = await tx.commit();
  return {
    claim: { value: { ...claimDoc, _id: ipdId }, versionstamp: vs },
    visit: { value: { ...stayDoc, _id: ipdId }, versionstamp: vs },
    before: { claim: old?.value ?? null, visit: v },
  };
}
