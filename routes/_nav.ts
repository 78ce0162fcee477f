import type { NavItem } from "../lib/http/env.ts";
import type { Registry } from "../lib/resource/refs.ts";
import { NAV as account } from "./account.tsx";
import { NAV as audit } from "./audit.tsx";
import { NAV as backup } from "./backup.tsx";
import { NAV as connection } from "./connection.tsx";
import { NAV as ipd } from "./ipd_pages.tsx";
import { NAV as klaim } from "./klaim_pages.tsx";
import { NAV as settings } from "./settings.tsx";

/** Screens that are not resources (settings pages), listed after the resources' screens. */
const SETTINGS_NAV: NavItem[] = [
  ...settings,
  ...connection,
  ...backup,
  ...audit,
  ...account,
];

/** The sidebar entries: the start page, every resource that has a screen, then `extra`. */
export function navOf(registry: Registry, extra: NavItem[] = []): NavItem[] {
  const items: NavItem[] = [{ group: "Utama", title: "Beranda", path: "/" }];
  for (const def of registry.values()) {
    if (def.page) {
      items.push({
        group: def.page.group,
        title: def.page.title ?? def.label,
        path: def.page.path,
      });
    }
  }
  return items.concat(extra);
}

/** The whole sidebar: the start page, the resources' screens, the inpatient and claim screens, settings. */
export const appNav = (registry: Registry): NavItem[] =>
  navOf(registry, [...ipd, ...klaim, ...SETTINGS_NAV]);
