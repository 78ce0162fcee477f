import { can } from "../lib/http/request.ts";
import { Hono } from "hono";
import { Island } from "../components/Island.tsx";
import LoginBackground from "../islands/LoginBackground.tsx";
import SettingsForm, { type SettingsFormProps } from "../islands/SettingsForm.tsx";
import { ADDRESS_FIELDS, getDefaultAddress } from "../lib/settings/address.ts";
import { BACKGROUND_MAX_BYTES, BACKGROUND_URL, backgroundId } from "../lib/settings/background.ts";
import type { AppEnv, NavItem } from "../lib/http/env.ts";
import { getHospital, HOSPITAL_FIELDS, zoneChosen } from "../lib/settings/hospital.ts";
import { tariffOf, tariffSummary } from "../lib/settings/hospital_tariff.ts";
import { renderPage } from "./_render.tsx";
import type { Registry } from "../lib/resource/refs.ts";
import { settingJson, settingsApi } from "./settings_api.ts";
import { BILL_FIELDS, billSummary, getBillSetting } from "../lib/ipd/bill_setting.ts";
import { EKLAIM_FIELDS, eklaimSummary, getEklaimSetting } from "../lib/eklaim/settings.ts";

export const NAV: NavItem[] = [{ group: "Pengaturan", title: "Pengaturan", path: "/pengaturan" }];

/** The settings page and its API. */
export function settingsRoutes(registry: Registry) {
  const r = new Hono<AppEnv>();
  r.route("/", settingsApi(registry));
  r.get(NAV[0].path, async (c) => {
    const store = c.get("store");
    const [hospital, address, bill, bg] = await Promise.all([
      getHospital(store, registry),
      getDefaultAddress(store, registry),
      getBillSetting(store, registry),
      backgroundId(store, c.get("config").dataDir),
    ]);
    const eklaim = can(c, "GET", "/api/setting/eklaim")
      ? await getEklaimSetting(store, registry)
      : null;
    const form = (p: Omit<SettingsFormProps, "canWrite">) => (
      <Island
        name="SettingsForm"
        component={SettingsForm}
        props={{ ...p, canWrite: can(c, "POST", p.api) }}
      />
    );
    return renderPage(c, {
      title: "Pengaturan",
      body: (
        <div class="settings">
          {form({
            id: "profil-rs",
            title: "Profil Rumah Sakit",
            api: "/api/setting/hospital",
            fields: HOSPITAL_FIELDS,
            // the zone starts empty until someone picks it (WIB stands in meanwhile)
            row: {
              ...settingJson(hospital),
              ...(zoneChosen(hospital.value) ? {} : { timezone: "" }),
            },
            info: tariffSummary(tariffOf(hospital.value)),
          })}
          {form({
            id: "alamat-default",
            title: "Alamat Default Pasien Baru",
            api: "/api/setting/address",
            fields: ADDRESS_FIELDS,
            row: settingJson(address),
          })}
          {form({
            id: "rincian-tarif",
            title: "Rincian Tarif RS (E-Klaim)",
            api: "/api/setting/bill",
            fields: BILL_FIELDS,
            row: settingJson(bill),
            info: billSummary(bill.value.defaultCategory),
          })}
          {eklaim && form({
            id: "eklaim",
            title: "E-Klaim (web service)",
            api: "/api/setting/eklaim",
            fields: EKLAIM_FIELDS,
            row: { ...eklaim },
            info: eklaimSummary(eklaim),
            test: can(c, "POST", "/api/setting/eklaim/test")
              ? { api: "/api/setting/eklaim/test", label: "Tes koneksi" }
              : undefined,
          })}
          {can(c, "POST", "/setting/upload-background") && (
            <Island
              name="LoginBackground"
              component={LoginBackground}
              props={{ id: bg, maxBytes: BACKGROUND_MAX_BYTES, url: BACKGROUND_URL }}
            />
          )}
        </div>
      ),
    });
  });
  return r;
}
