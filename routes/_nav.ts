import type { NavItem } from "../lib/http/env.ts";
import type { Registry } from "../lib/resource/refs.ts";
import { NAV as account } from "./account.tsx";
import { NAV as audit } from "./audit.tsx";
import { NAV as backup } from "./backup.tsx";
import { NAV as connection } from "./connection.tsx";
import { NAV as ipd } from "./ipd_pages.tsx";
import { NAV as klaim } from "./klaim_pages.tsx";
import { NAV as settings } from "./settings.tsx";

/** The sidebar: the start page, the resources' screens, the inpatient and claim ones, settings. */
export function appNav(registry: Registry): NavItem[] {
  const screens = [...registry.values()].flatMap(({ page, label }) =>
    page ? [{ group: page.group, title: page.title ?? label, path: page.path }] : []
  );
  const home = { group: "Utama", title: "Beranda", path: "/" };
  return [home, ...screens, ...[ipd, klaim, settings, connection, backup, audit, account].flat()];
}
