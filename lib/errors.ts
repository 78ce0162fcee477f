type Status = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503 | 504 | 507;

/** An error whose status and Indonesian message reach the client as they are. */
export class AppError extends Error {
  constructor(readonly status: Status, message: string, readonly details?: string[]) {
    super(message);
  }

  /** The form inputs the error is about (name → message), shown under each field. */
  fields?: Record<string, string>;

  /** This error, said of the form input `name` (its message, or `message`, under it). */
  at(name: string, message: string = this.message): this {
    this.fields = { ...this.fields, [name]: message };
    return this;
  }

  /** What the answer carries beside the message as `data` (e.g. E-Klaim's results so far). */
  data?: unknown;

  /** This error, answered with `data`. */
  with(data: unknown): this {
    this.data = data;
    return this;
  }
}

/** 400: the request or its data is not acceptable. */
export const badRequest = (msg: string, details?: string[]) => new AppError(400, msg, details);
/** 404: the record does not exist. */
export const notFound = (msg = "Data tidak ditemukan.") => new AppError(404, msg);
/** 409: a conflicting write (stale version, duplicate, record still in use). */
export const conflict = (msg: string) => new AppError(409, msg);

/** 503: a service the server depends on (the licence service) cannot be reached. */
export const unavailable = (msg: string) => new AppError(503, msg);
/** 502: such a service answered, but not with something usable. */
export const badGateway = (msg: string) => new AppError(502, msg);
/** 504: such a service did not answer in time. */
export const gatewayTimeout = (msg: string) => new AppError(504, msg);
/** 422: the request was understood, but a service it went to refused its content. */
export const unprocessable = (msg: string) => new AppError(422, msg);

/** The message shown when an edit was made on data someone else changed meanwhile. */
export const STALE_MESSAGE =
  "Data ini sudah diubah oleh pengguna lain. Muat ulang halaman lalu ulangi perubahan Anda.";

/** The 409 of an edit sent without its `_version`: it cannot be told from a stale one. */
export const NO_VERSION_MESSAGE =
  "Data sudah berubah, muat ulang halaman lalu ulangi perubahan Anda (versi data tidak terkirim).";

/** 409 unless an edit names the version it was loaded at. */
export function requireVersion(version: string | undefined | null): string {
  if (!version) throw conflict(NO_VERSION_MESSAGE);
  return version;
}

/** The message of a write refused because the disk is full. */
export const FULL_MESSAGE =
  "Penyimpanan penuh: perubahan dibatalkan, tidak ada data yang disimpan. Kosongkan ruang disk " +
  "server lalu ulangi.";

/** A storage failure as the client should see it: a full disk becomes 507 'Penyimpanan penuh…'. */
export function storageError(e: unknown): unknown {
  if (e instanceof AppError) return e;
  const msg = e instanceof Error ? e.message : String(e);
  if (/disk is full|database or disk|no space|ENOSPC|SQLITE_FULL|os error 28/i.test(msg)) {
    return new AppError(507, FULL_MESSAGE);
  }
  return e;
}
