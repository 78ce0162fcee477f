import { type Context, Hono } from "hono";
import { getDefaultAddress, saveDefaultAddress } from "../lib/settings/address.ts";
import {
  deleteBackground,
  NO_FILE_MESSAGE,
  readBackground,
  saveBackground,
} from "../lib/settings/background.ts";
import type { AppEnv } from "../lib/http/env.ts";
import { badRequest, notFound } from "../lib/errors.ts";
import { getHospital, saveHospital } from "../lib/settings/hospital.ts";
import { tariffOf, tariffSummary } from "../lib/settings/hospital_tariff.ts";
import { readFields } from "../lib/http/http.ts";
import { audit } from "../lib/http/request.ts";
import { diff } from "../lib/audit/log.ts";
import type { Registry } from "../lib/resource/refs.ts";
import type { Store } from "../lib/db/store.ts";
import type { SettingRow } from "../lib/settings/settings.ts";
import { billSummary, getBillSetting, saveBillSetting } from "../lib/ipd/bill_setting.ts";
import { eklaimSummary, getEklaimSetting, saveEklaimSetting } from "../lib/eklaim/settings.ts";
import { probeEklaim } from "../lib/eklaim/probe.ts";

const SAVED = "Data Berhasil di Simpan";

/** A section as the API sends it: its value plus `_version` (null when never saved). */
export const settingJson = <T extends object>(row: SettingRow<T>): Record<string, unknown> | null =>
  row.value ? { ...row.value, _version: row.versionstamp } : null;

/** The multipart field `file`, exactly one; 400 for none, two or a malformed body. */
async function oneFile(c: Context): Promise<File> {
  if (!(c.req.header("content-type") ?? "").includes("multipart/form-data")) {
    throw badRequest(NO_FILE_MESSAGE);
  }
  const body = await c.req.parseBody({ all: true }).catch(() => {
    throw badRequest("Format unggahan tidak valid.");
  });
  const files = Object.values(body).flat().filter((v) => v instanceof File);
  if (files.length > 1) {
    throw badRequest(`Unggah tepat satu berkas gambar (terkirim ${files.length} berkas).`);
  }
  if (!(body.file instanceof File)) throw badRequest(NO_FILE_MESSAGE);
  return body.file;
}

/** The settings API (`/api/setting/...`) and the login background's upload, delete and read. */
export function settingsApi(registry: Registry) {
  const r = new Hono<AppEnv>();
  type Row = { value: object | null };
  type Fields = Record<string, unknown>;
  /** Saves section `entityId` from the request's form and audits what changed; the saved row. */
  const saveAudited = async <R extends Row>(
    c: Context<AppEnv>,
    entityId: string,
    get: (store: Store, registry: Registry) => Promise<Row>,
    save: (store: Store, registry: Registry, fields: Record<string, string>) => Promise<R>,
  ): Promise<R> => {
    const before = (await get(c.get("store"), registry)).value ?? {};
    const row = await save(c.get("store"), registry, await readFields(c));
    const change = diff(before as Fields, (row.value ?? {}) as Fields);
    await audit(c, { action: "update", entity: "setting", entityId, ...change });
    return row;
  };

  r.get("/api/setting/hospital", async (c) => {
    const row = await getHospital(c.get("store"), registry);
    return c.json({ data: settingJson(row), tariff: tariffOf(row.value) });
  });
  r.post("/api/setting/hospital", async (c) => {
    const row = await saveAudited(c, "hospital", getHospital, saveHospital);
    const info = tariffSummary(tariffOf(row.value));
    return c.json({ success: true, message: SAVED, data: settingJson(row), info });
  });

  r.get("/api/setting/address", async (c) => {
    return c.json({ data: settingJson(await getDefaultAddress(c.get("store"), registry)) });
  });
  r.post("/api/setting/address", async (c) => {
    const row = await saveAudited(c, "address", getDefaultAddress, saveDefaultAddress);
    return c.json({ success: true, message: SAVED, data: settingJson(row) });
  });

  r.get("/api/setting/bill", async (c) => {
    return c.json({ data: settingJson(await getBillSetting(c.get("store"), registry)) });
  });
  r.post("/api/setting/bill", async (c) => {
    const row = await saveAudited(c, "bill", getBillSetting, saveBillSetting);
    const info = billSummary(row.value!.defaultCategory);
    return c.json({ success: true, message: SAVED, data: settingJson(row), info });
  });

  r.get("/api/setting/eklaim", async (c) => {
    return c.json({ data: await getEklaimSetting(c.get("store"), registry) });
  });
  r.post("/api/setting/eklaim", async (c) => {
    const res = await saveEklaimSetting(c.get("store"), await readFields(c));
    const d = diff(res.before as Record<string, unknown>, res.after as Record<string, unknown>);
    // the key never: only that it was replaced
    await audit(c, {
      action: "update",
      entity: "setting",
      entityId: "eklaim",
      before: d?.before ?? {},
      after: { ...d?.after, ...(res.keyReplaced ? { keyReplaced: true } : {}) },
    });
    const data = await getEklaimSetting(c.get("store"), registry);
    return c.json({ success: true, message: SAVED, data, info: eklaimSummary(data) });
  });
  r.post("/api/setting/eklaim/test", async (c) => {
    const p = await probeEklaim(c.get("store"), await readFields(c));
    return c.json({ success: p.ok, message: p.message, data: p });
  });

  r.post("/setting/upload-background", async (c) => {
    const id = await saveBackground(c.get("store"), c.get("config").dataDir, await oneFile(c));
    await audit(c, { action: "update", entity: "setting", entityId: "background", after: { id } });
    return c.json({ success: true, message: "Gambar latar tersimpan.", id });
  });
  r.delete("/setting/delete-background", async (c) => {
    const f = await readFields(c);
    const filename = c.req.query("filename") ?? f.filename;
    await deleteBackground(c.get("store"), c.get("config").dataDir, filename || undefined);
    await audit(c, { action: "delete", entity: "setting", entityId: "background" });
    return c.json({ success: true, message: "Gambar latar dihapus." });
  });
  r.get("/setting/background", async (c) => {
    const bg = await readBackground(c.get("store"), c.get("config").dataDir);
    if (!bg) throw notFound("Belum ada gambar latar.");
    c.header("content-type", bg.type);
    c.header("cache-control", "no-cache");
    c.header("etag", `"${bg.name}"`);
    if (c.req.header("if-none-match") === `"${bg.name}"`) return c.body(null, 304);
    return c.body(bg.body);
  });
  return r;
}
