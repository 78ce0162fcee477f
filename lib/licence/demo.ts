import type { Config } from "../config.ts";
import { validateLicence } from "./licence.ts";
import { readLicence } from "./record.ts";
import { type LicenceServer, startLicenceServer } from "./server.ts";
import type { Store } from "../db/store.ts";

/** The hospital code the demo licence service knows. */
export const DEMO_CODE = "DEMO";

/**
 * Demo mode (no `LICENCE_URL`): runs the shipped licence service in-process on loopback with
 * the one active code `DEMO`, and returns the config pointing at it (with the demo badge on).
 */
export function startDemoLicence(config: Config): { config: Config; server: LicenceServer } {
  const server = startLicenceServer({
    codes: { [DEMO_CODE]: { actived: true, lisensi: "DEMO-0000-0000-0001", nama: "RS Demo" } },
  });
  return {
    config: { ...config, licenceUrl: server.url, demoHospitalCode: DEMO_CODE },
    server,
  };
}

/**
 * Validates the demo licence on a store that has none, so the first login works with the
 * printed code. Returns true when it did; a store already holding a licence is left alone.
 */
export async function ensureDemoLicence(store: Store, config: Config): Promise<boolean> {
  if (await readLicence(store)) return false;
  // the server itself, at start: no administrator needed
  await validateLicence(store, config, DEMO_CODE, { mayReplace: true });
  return true;
}
