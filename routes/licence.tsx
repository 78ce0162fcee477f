import { audit, can } from "../lib/http/client.ts";
import { Hono } from "hono";
import { DemoBadge } from "../components/DemoBadge.tsx";
import { Island } from "../components/Island.tsx";
import { formatDateTime } from "../lib/format.ts";
import LicenceForm from "../islands/LicenceForm.tsx";
import type { AppEnv } from "../lib/http/env.ts";
import { readFields } from "../lib/http/http.ts";
import { deactivateLicence, lookupLicence, validateLicence } from "../lib/licence/licence.ts";
import { parseHospitalCode } from "../lib/licence/client.ts";
import { readLicence } from "../lib/licence/record.ts";
import { renderPage } from "./_render.tsx";

/**
 * Licence routes, all public: the validation page, saving a licence (`POST /validation`,
 * re-fetched on the server), removing one the service no longer reports active
 * (`DELETE /validation/deactived`) and the proxy to the activation service
 * (`GET /lisensi/{hospitalCode}`, same answer shape), so the browser never calls it directly.
 */
export function licenceRoutes() {
  const r = new Hono<AppEnv>();

  r.get("/validation", async (c) => {
    const rec = await readLicence(c.get("store"));
    const demo = c.get("config").demoHospitalCode;
    const current = rec
      ? { hospitalCode: rec.hospitalCode, verifiedAt: formatDateTime(rec.verifiedAt) }
      : undefined;
    return renderPage(c, {
      title: "Validasi Lisensi",
      bare: true,
      body: (
        <main class="login-page">
          <DemoBadge code={demo} />
          <Island name="LicenceForm" component={LicenceForm} props={{ current, demo }} />
        </main>
      ),
    });
  });

  r.post("/validation", async (c) => {
    const f = await readFields(c);
    const rec = await validateLicence(c.get("store"), c.get("config"), f.hospitalCode ?? "", {
      mayReplace: can(c, "POST", "/validation#replace"),
    });
    await audit(c, {
      action: "licence_validate",
      entity: "licence",
      entityId: rec.hospitalCode,
      after: { hospitalCode: rec.hospitalCode, verifiedAt: rec.verifiedAt },
    });
    return c.json({
      success: true,
      message: "Lisensi berhasil divalidasi dan disimpan.",
      data: { hospitalCode: rec.hospitalCode, lisensi: rec.lisensi, verifiedAt: rec.verifiedAt },
    });
  });

  r.delete("/validation/deactived", async (c) => {
    const message = await deactivateLicence(c.get("store"), c.get("config"));
    await audit(c, { action: "licence_deactivate", entity: "licence" });
    return c.json({ success: true, message });
  });

  r.get("/lisensi/:code{.+}", async (c) => {
    const code = parseHospitalCode(c.req.param("code"));
    return c.json(await lookupLicence(c.get("config"), code));
  });
  return r;
}
