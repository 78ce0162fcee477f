import type { Access } from "../lib/auth/roles.ts";
import type { Registry } from "../lib/resource/refs.ts";

/**
 * Who may use each route: `"METHOD /pattern"` (as registered) → the access it needs, enforced by
 * `authorize` and followed by the sidebar and buttons; resource routes follow their declaration.
 * A route missing here is refused to everyone (and tests/access_test.ts fails).
 */
export const ACCESS: Record<string, Access> = {
  // login, licence (before any session), static
  "GET /auth/login": "public",
  "POST /auth/login": "public",
  "POST /auth/logout": "self",
  // the page keeping its idle session going ('Tetap masuk'), also while a password must change
  "GET /api/session": "self",
  // licence: the first validation, and the stored code again, are open (no admin could sign in)
  "GET /validation": "public",
  "POST /validation": "public",
  // another code once one was validated: the admin, signed in or by username and password
  "POST /validation#replace": "admin",
  // removing a licence the service reports inactive
  "DELETE /validation/deactived": "admin",
  // whether a code is active (never its licence key)
  "GET /lisensi/:code{.+}": "public",
  "GET /setting/background": "public",
  // one's own account: open also while a printed first password waits to be changed
  "GET /akun/password": "self",
  "POST /api/user/password": "self",
  "POST /api/user/nik": "read",
  "POST /api/user/unlock/:id": "admin",
  // progress of one's long jobs (imports, backups, restores), polled by the screen
  "GET /api/progress/:id": "read",
  // dashboard and reports
  "GET /": "read",
  // the first-run checklist loads the shipped region list, as a region import would
  "POST /api/setup/official-regions": "work",
  "GET /api/report/medical-record-info": "read",
  "GET /api/report/top-icd-10": "read",
  "GET /api/report/top-icd-9": "read",
  "GET /api/report/analysis-tarif-info": "read",
  "GET /api/report/dpjp-info": "read",
  // inpatient work
  "GET /ipd": "read",
  "GET /discharge-patient": "read",
  "GET /ipd/:id": "read",
  "GET /ipd/:id/print": "read",
  "GET /api/ipd": "read",
  "GET /api/ipd/discharge-patient": "read",
  "GET /api/ipd/export-ipd-data": "read",
  "GET /api/ipd/export-ipd-discharge-data": "read",
  "POST /api/ipd/update": "work",
  "POST /api/ipd/visitexamination/update": "work",
  "POST /api/ipd/discharge-patient/update": "work",
  "GET /api/ipd/:pasienId/check-readmisi": "read",
  "GET /api/ipd/:id/details": "read",
  "DELETE /api/ipd/:ipdId/details/:detailId": "work",
  "GET /api/ipd/:id/get-summary-icd": "read",
  "POST /api/ipd/:id/cancel-discharge": "work",
  "POST /api/ipd/:id/summary": "work",
  // a stay's claim readiness (Kelengkapan Klaim)
  "GET /api/ipd/:id/claim-check": "read",
  "GET /api/ipd/:id": "read",
  "DELETE /api/ipd/:id": "work",
  // claims after discharge: every role reads, admin and casemix change
  "GET /klaim": "read",
  "GET /api/klaim": "read",
  "GET /api/klaim/export": "read",
  "POST /api/klaim/import-eklaim": "work",
  "POST /api/klaim/import-status": "work",
  "GET /api/klaim/template": "read",
  "GET /api/klaim/dashboard": "read",
  "GET /api/klaim/:ipdId": "read",
  "POST /api/klaim/:ipdId/status": "work",
  // the E-Klaim 5.10 bridge: admin and casemix (viewers 403)
  "GET /api/eklaim/:ipdId": "work",
  "POST /api/eklaim/:ipdId/group": "work",
  "POST /api/eklaim/:ipdId/final": "work",
  "POST /api/eklaim/:ipdId/send": "work",
  "POST /api/eklaim/:ipdId/reedit": "work",
  "GET /api/eklaim/:ipdId/print": "work",
  "GET /api/eklaim/codes": "work",
  "GET /api/eklaim/code-options": "work",
  "POST /api/eklaim/send-month": "work",
  // settings: everyone reads, the admin changes
  "GET /pengaturan": "read",
  "GET /api/setting/hospital": "read",
  "POST /api/setting/hospital": "admin",
  "GET /api/setting/address": "read",
  "POST /api/setting/address": "admin",
  "GET /api/setting/bill": "read",
  "POST /api/setting/bill": "admin",
  // E-Klaim's web service: casemix sees whether it is set up (never its key), the admin changes it
  "GET /api/setting/eklaim": "work",
  "POST /api/setting/eklaim": "admin",
  "POST /api/setting/eklaim/test": "admin",
  "POST /setting/upload-background": "admin",
  "DELETE /setting/delete-background": "admin",
  // database: connection, backups, restore; the audit log
  "GET /koneksi": "admin",
  "POST /connection/save-ip": "admin",
  "GET /db-backup": "admin",
  "GET /api/db-backup": "admin",
  "POST /api/db-backup": "admin",
  "POST /api/db-backup/restore/:id": "admin",
  "DELETE /api/db-backup/delete/:id": "admin",
  // a backup file taken off the machine, and one sent back to restore from
  "GET /api/db-backup/download/:id": "admin",
  "POST /api/db-backup/upload": "admin",
  "GET /audit": "admin",
  "GET /api/audit": "admin",
  "GET /api/audit/verify": "admin",
  "POST /api/audit/verify/full": "admin",
  "GET /api/audit/export": "admin",
};

/** A route's access: the table above, else its resource's declared `access`, else undefined. */
export function accessOf(registry: Registry) {
  const resources = [...registry.values()].filter((d) => d.api !== false);
  return (method: string, pattern: string): Access | undefined => {
    const key = `${method === "HEAD" ? "GET" : method} ${pattern}`;
    if (key in ACCESS) return ACCESS[key];
    for (const def of resources) {
      const base = `/api/${def.name}`;
      if (pattern === base || pattern.startsWith(`${base}/`) || pattern === def.page?.path) {
        return method === "GET" ? def.access?.read ?? "read" : def.access?.write ?? "work";
      }
    }
    return undefined;
  };
}
