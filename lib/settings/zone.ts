import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/env.ts";
import { DEFAULT_ZONE, isZone, setZoneProvider, type ZoneName } from "../hospital_time.ts";
import type { Store } from "../db/store.ts";
import { readSettingKept } from "./settings.ts";

const scope = new AsyncLocalStorage<ZoneName>();
// outside a request (start-up, timers) the zone is the default unless run with `inZone`
setZoneProvider(() => scope.getStore());

/** The zone saved in the hospital profile, default Asia/Jakarta (`readSettingKept`). */
export async function storedZone(store: Store): Promise<ZoneName> {
  const z = (await readSettingKept<{ timezone?: string }>(store, "hospital")).value?.timezone;
  return isZone(z) ? z : DEFAULT_ZONE;
}

/** Runs `fn` with `zone` as the hospital's zone (for work outside a request, and tests). */
export function inZone<T>(zone: ZoneName, fn: () => T): T {
  return scope.run(zone, fn);
}

/** Middleware: the rest of the request runs in the hospital's zone (lib/hospital_time.ts). */
export const hospitalZoneScope = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  await inZone(await storedZone(c.get("store")), next);
};
