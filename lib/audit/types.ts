/** What happened: the action, on which record, and the values before and after. */
export interface AuditEvent {
  /** e.g. `login`, `login_failed`, `create`, `update`, `delete`, `restore`, `export`. */
  action: string;
  /** The collection or screen: `user`, `ipd`, `ipd-detail`, `db-backup`, `setting`… */
  entity?: string;
  entityId?: string;
  /** Changed fields as they were (a delete: the whole record). */
  before?: unknown;
  /** Changed fields as they became (a create: the whole record; an export: filters, rows). */
  after?: unknown;
}

/** Who did it, from where. */
export interface AuditActor {
  username: string;
  role: string;
  ip: string;
}

/** One entry of the log, as listed. */
export interface AuditEntry extends AuditEvent, AuditActor {
  id: string;
  /** ISO time. */
  at: string;
}

/** Options of `AuditLog.open`. */
export interface AuditOptions {
  /** The signing key's file (default: `audit.key` beside the log; none in memory). */
  keyPath?: string;
  /** A signed checkpoint every this many entries (default 10,000). */
  checkpointEvery?: number;
  /** Where anchor lines go (default: stdout, which the service manager keeps; none in memory). */
  anchor?: (line: string) => void;
}
