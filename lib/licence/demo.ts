import type { Config } from "../config.ts";
import { validateLicence } from "./licence.ts";
import { readLicence } from "./record.ts";
import { type LicenceServer, startLicenceServer } from "./server.ts";
import type { Store } from "../db/store.ts";

/** The hospital code the demo licence service knows. */
export const DEMO_CODE = "DEMO";

/** Demo mode (no `LICENCE_URL`): the shipped licence service in-process, knowing only `DEMO`. */
export function startDemoLicence(config: Config): { config: Config; server: LicenceServer } {
  const server = startLicenceServer({
    codes: { [DEMO_CODE]: { actived: true, lisensi: "DEMO-0000-0000-0001", nama: "RS Demo" } },
  });
  return {
    config: { ...config, licenceUrl: server.url, demoHospitalCode: DEMO_CODE },
    server,
  };
}

/** Validates the demo licence on a store that has none (true when it did). */
export async function ensureDemoLicence(store: Store, config: Config): Promise<boolean> {
  if (await readLicence(store)) return false;
  // the server itself, at start: no administrator needed
  await validateLicence(store, config, DEMO_CODE, { mayReplace: true });
  return true;
}
