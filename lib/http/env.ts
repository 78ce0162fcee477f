import type { AuditLog } from "../audit/log.ts";
import type { Session } from "../auth/auth.ts";
import type { Access } from "../auth/roles.ts";
import type { Config } from "../config.ts";
import type { Manifest } from "./islands.ts";
import type { Store } from "../db/store.ts";

/** A sidebar link: one screen in one group. */
export interface NavItem {
  group: string;
  title: string;
  path: string;
}

/** The rule a route needs, found by its method and pattern (see `routes/_access.ts`). */
export type AccessOf = (method: string, pattern: string) => Access | undefined;

/** What every request handler can read from the Hono context. */
export interface AppEnv {
  Variables: {
    store: Store;
    config: Config;
    session: Session | null;
    manifest: Manifest;
    nav: NavItem[];
    /** The app's clock (injected by tests; the system clock otherwise). */
    now: () => Date;
    audit: AuditLog;
    /** The access declaration (routes/_access.ts), for hiding what a role may not use. */
    access: AccessOf;
    /** Set on a write sent from another site: where it came from (`sameOrigin`). */
    crossOrigin?: string;
  };
}
