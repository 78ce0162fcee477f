import { badRequest, conflict, notFound, requireVersion } from "../errors.ts";
import { formatMoney, readRupiah } from "../format.ts";
import { hospitalDay, parseDay } from "../hospital_time.ts";
import type { Row } from "../index/index.ts";
import type { Store } from "../db/store.ts";
import { visitsOf } from "../ipd/stay.ts";
import { cancelDischarge, correctSummary } from "../ipd/discharge.ts";
import type { Registry } from "../resource/refs.ts";
import type { Visit } from "../ipd/model.ts";
import {
  type Claim,
  CLAIM_STATUSES,
  type ClaimData,
  type ClaimEvent,
  claimsOf,
  type ClaimStatus,
  noClaimGuard,
} from "./claim_store.ts";

/** Which status may follow which by hand; `final` comes only from E-Klaim (import, bridge). */
export const TRANSITIONS: Record<ClaimStatus, readonly ClaimStatus[]> = {
  belum: [],
  final: ["terkirim"],
  terkirim: ["pending", "dispute", "layak"],
  pending: ["terkirim", "dispute", "layak"],
  dispute: ["layak"],
  layak: ["dibayar"],
  dibayar: [],
};

/** The verifier's pending reasons, most common first (BPJS Kesehatan, 2024); else free text. */
export const PENDING_REASONS: Record<string, string> = {
  koding: "Koding tidak sesuai kaidah koding klinis",
  kunjungan_berulang: "Kunjungan berulang",
  tanpa_bukti: "Pelayanan tanpa bukti pendukung",
  indikasi_ranap: "Indikasi rawat inap tidak terpenuhi",
  lainnya: "Lainnya (tulis alasannya)",
};

/** A status change as typed: `status`, `reason`, `amount` (rupiah), `date` (the day paid). */
export interface StatusInput {
  status?: string;
  reason?: string;
  amount?: string | number;
  date?: string;
}

const isStatus = (s: string): s is ClaimStatus => s in CLAIM_STATUSES;

/** A reason: a code of `PENDING_REASONS` (its text), or free text (`lainnya`). */
function readReason(raw: string, label: string): { reasonCode: string; reason: string } {
  const s = raw.trim();
  if (Object.hasOwn(PENDING_REASONS, s) && s !== "lainnya") {
    return { reasonCode: s, reason: PENDING_REASONS[s] };
  }
  const known = Object.entries(PENDING_REASONS).find(([k, v]) => k !== "lainnya" && v === s);
  if (known) return { reasonCode: known[0], reason: known[1] };
  if (!s || s === "lainnya") throw badRequest(`Alasan ${label} wajib diisi.`);
  if (s.length > 500) throw badRequest(`Alasan ${label} terlalu panjang (maksimal 500 karakter).`);
  return { reasonCode: "lainnya", reason: s };
}

function readAmount(v: StatusInput["amount"], label: string): number {
  const r = readRupiah(v, label);
  if (r.error) throw badRequest(r.error);
  if (!r.value) throw badRequest(`${label} wajib diisi (lebih dari Rp 0).`);
  return r.value;
}

/** The claim after a status change by `by` at `now`: 400 for bad input, 409 if not allowed. */
export function transition(
  claim: ClaimData,
  input: StatusInput,
  by: string,
  now: Date,
): ClaimData {
  const to = String(input.status ?? "").trim().toLowerCase();
  if (!isStatus(to)) {
    throw badRequest(
      `Status "${input.status ?? ""}" tidak dikenal. Pilih salah satu: ${
        Object.keys(CLAIM_STATUSES).join(", ")
      }.`,
    );
  }
  if (to === "final" || to === "belum") {
    throw badRequest(
      `Status ${to} hanya diisi dari E-Klaim: impor berkas TXT-nya, atau Grouping dan Final ` +
        "E-Klaim di aplikasi ini.",
    );
  }
  const allowed = TRANSITIONS[claim.status];
  if (!allowed.includes(to)) {
    const next = allowed.length
      ? `yang boleh: ${allowed.map((s) => CLAIM_STATUSES[s]).join(", ")}`
      : "status ini sudah akhir";
    throw conflict(
      `Status klaim SEP ${claim.sep} tidak bisa diubah dari ${CLAIM_STATUSES[claim.status]} ` +
        `ke ${CLAIM_STATUSES[to]} (${next}).`,
    );
  }
  const ev: ClaimEvent = { status: to, at: now.toISOString(), by };
  const out: ClaimData = { ...claim, status: to };
  if (to === "pending" || to === "dispute") {
    Object.assign(ev, readReason(input.reason ?? "", to));
    out.reasonCode = ev.reasonCode!;
    out.reason = ev.reason!;
  } else if (to === "layak") {
    out.approved = ev.amount = readAmount(input.amount, "Jumlah disetujui");
  } else if (to === "dibayar") {
    out.paid = ev.amount = readAmount(input.amount, "Jumlah dibayar");
    const day = parseDay(String(input.date ?? ""));
    if (!day) throw badRequest("Tanggal bayar wajib diisi (DD-MM-YYYY).");
    if (day > hospitalDay(now)) throw badRequest("Tanggal bayar tidak boleh setelah hari ini.");
    if (out.approved && ev.amount > out.approved) {
      throw badRequest(
        `Jumlah dibayar (${formatMoney(ev.amount)}) melebihi jumlah disetujui (${
          formatMoney(out.approved)
        }).`,
      );
    }
    out.paidDate = ev.date = day;
  }
  out.history = [...claim.history, ev];
  return out;
}

/** A stay's claim and what its status may become; `belum` (no claim) when none was imported. */
export async function claimOf(
  store: Store,
  ipdId: string,
): Promise<{ claim: Row<Claim> | null; status: ClaimStatus; next: readonly ClaimStatus[] }> {
  const claim = await claimsOf(store).find(ipdId);
  if (!claim && !(await visitsOf(store).find(ipdId))) {
    throw notFound("Kunjungan rawat inap tidak ditemukan.");
  }
  const status = claim?.value.status ?? "belum";
  return { claim, status, next: TRANSITIONS[status] };
}

/** Changes a stay's claim status (`transition`) at the version loaded (`_version`), else 409. */
export async function setStatus(
  store: Store,
  ipdId: string,
  fields: StatusInput & { _version?: string },
  by: string,
  now: Date,
): Promise<{ before: Claim; after: Row<Claim> }> {
  const { claim } = await claimOf(store, ipdId);
  if (!claim || claim.value.status === "belum") {
    throw conflict("Klaim kunjungan ini belum final: impor berkas TXT E-Klaim terlebih dahulu.");
  }
  let before = claim.value;
  const after = await claimsOf(store).update(ipdId, (cur) => {
    before = cur;
    const { _id, ...rest } = cur;
    return transition(rest, fields, by, now);
  }, { expected: requireVersion(fields._version) });
  return { before, after };
}

const REIMPORT = "lalu impor ulang berkas TXT E-Klaim di halaman Klaim.";

/** Why a claimed stay's discharge stays, and what must come first, by the claim's status. */
function dischargeRefusal(c: Claim): string {
  const head = `Klaim SEP ${c.sep} sudah`;
  if (c.status === "final") {
    return `${head} final: kepulangan tidak bisa dibatalkan selama klaimnya final. Buka dulu ` +
      "finalnya dengan 'Edit ulang' (halaman kunjungan atau Klaim), lalu batalkan pulang, " +
      "koreksi, grouping dan final lagi. Bila klaim ini difinalkan langsung di E-Klaim: Edit " +
      `Ulang Klaim di sana, ${REIMPORT}`;
  }
  if (c.status === "pending") {
    return `${head} terkirim dan dikembalikan verifikator (pending): kepulangan tidak bisa ` +
      "dibatalkan. Koreksi data pulangnya di E-Klaim, kirim lagi, " + REIMPORT;
  }
  const at = c.status === "terkirim" ? "" : ` (status ${CLAIM_STATUSES[c.status]})`;
  return `${head} terkirim${at}: kepulangan tidak bisa dibatalkan, klaimnya sudah di BPJS. ` +
    "Koreksi data pulang hanya lewat E-Klaim setelah verifikator mengembalikan klaim itu " +
    `(pending), ${REIMPORT}`;
}

/** Cancels stay `id`'s discharge (lib/ipd `cancelDischarge`) unless claimed past `belum` (409). */
export async function cancelUnclaimedDischarge(store: Store, id: string): Promise<Row<Visit>> {
  const guard = await noClaimGuard(store, id, dischargeRefusal, (c) => c.status === "belum");
  return await cancelDischarge(store, id, guard);
}

/** Corrects stay `id`'s summary (lib/ipd `correctSummary`) while its claim is none or `belum`. */
export async function correctUnclaimedSummary(
  store: Store,
  registry: Registry,
  fields: Record<string, string>,
  lists: { summary_diagnosis: string[]; summary_tindakan: string[] },
): Promise<Row<Visit>> {
  const id = (fields.id ?? "").trim();
  const guard = await noClaimGuard(
    store,
    id,
    (c) =>
      `Klaim SEP ${c.sep} sudah ${c.status}: ringkasan pulang ` +
      "tidak bisa diubah di aplikasi. Koreksi di E-Klaim (Edit Ulang Klaim), lalu impor lagi " +
      "TXT-nya.",
    (c) => c.status === "belum",
  );
  return await correctSummary(store, registry, fields, lists, guard);
}
