/**
 * `deno task bench:data --out DIR [--stays 75000] [--exams 5] [--patients 100000]`: writes a
 * DATA_DIR holding a five-year hospital built through the real lib: the official regions
 * (provinces to villages) and ICD-10 / ICD-9-CM from ../shared/data imported through the API,
 * master data, patients and stays with their examinations (bench/ipd_data.ts), the demo
 * licence validated and the `admin` account with the password in `ADMIN_PASSWORD`. Start the
 * server on it with `DATA_DIR=DIR deno task start` and log in with code `DEMO`. Last, the
 * stays' and patients' indexes are loaded once from KV, as by a server's first start, which
 * stores their exact counts (lib/db/README.md, "A subset answered first"): the folder is as a
 * server that has run on it leaves it, not as a bulk write leaves it.
 */
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { prepareStore } from "../app.ts";
import { passwordProblem } from "../lib/auth/policy.ts";
import { type Config, loadConfig } from "../lib/config.ts";
import { Store } from "../lib/db/store.ts";
import { preloadIndexes } from "../lib/warm/warm.ts";
import { registry } from "../resources/mod.ts";
import { ensureDemoLicence, startDemoLicence } from "../lib/licence/demo.ts";
import { generateIpd } from "./ipd_data.ts";
import { appOf } from "./ipd_file.ts";
import { SHARED_DATA as SHARED } from "./shared_data.ts";

/** Why a password may not protect a data set full of patients, or null when it may. */
export function weakPassword(pw: string | undefined): string | null {
  if (!pw) return "ADMIN_PASSWORD wajib diatur (password akun admin data uji).";
  const problem = passwordProblem(pw, "admin");
  return problem && `ADMIN_PASSWORD ditolak: ${problem}`;
}

const num = (v: string, name: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} harus bilangan bulat >= 1.`);
  return n;
};

async function main() {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      out: { type: "string" },
      stays: { type: "string", default: "75000" },
      exams: { type: "string", default: "5" },
      patients: { type: "string", default: "100000" },
    },
  });
  if (!values.out) throw new Error("Pakai: deno task bench:data --out DIR [--stays N] ...");
  const password = Deno.env.get("ADMIN_PASSWORD");
  const weak = weakPassword(password);
  if (weak) throw new Error(weak);
  const stays = num(values.stays!, "stays");
  const exams = num(values.exams!, "exams");
  const patients = num(values.patients!, "patients");
  const dir = resolve(values.out);
  await Deno.mkdir(dir, { recursive: true });
  for await (const e of Deno.readDir(dir)) {
    if (e.name.startsWith("casemix")) {
      throw new Error(`${dir} sudah berisi basis data (${e.name}); pilih folder kosong.`);
    }
  }
  const t0 = performance.now();
  const secs = () => ((performance.now() - t0) / 1000).toFixed(1);
  const progress = (m: string) => console.log(`  ${secs()} s  ${m}`);
  const store = await Store.open(join(dir, "casemix.kv"));
  try {
    let config: Config = {
      ...loadConfig({ get: () => undefined }),
      dataDir: dir,
      adminPassword: password,
    };
    await prepareStore(store, config);
    const demo = startDemoLicence(config);
    config = demo.config;
    try {
      await ensureDemoLicence(store, config);
    } finally {
      await demo.server.close();
    }
    progress("admin, referensi dan lisensi demo");
    const { app, cookie } = await appOf(store, dir);
    const upload = async (res: string, file: string) => {
      const fd = new FormData();
      fd.append("file", new File([await Deno.readFile(join(SHARED, file))], file.split("/")[1]));
      const r = await app.request(`/api/${res}/import`, {
        method: "POST",
        body: fd,
        headers: { cookie },
      });
      if (r.status !== 200) throw new Error(`${file}: ${r.status} ${await r.text()}`);
      await r.body?.cancel();
      progress(`impor ${file}`);
    };
    await upload("province", "wilayah/provinces.csv");
    await upload("regency", "wilayah/regencies.csv");
    await upload("district", "wilayah/districts.csv");
    await upload("village", "wilayah/villages.csv");
    const world = await generateIpd(app, cookie, store, {
      stays,
      examsPerStay: exams,
      patients,
      open: Math.min(Math.round(stays * 0.04), patients),
      days: 5 * 365,
      progress,
    });
    console.log(
      `Data uji ditulis di ${dir} dalam ${secs()} s: ${world.patients} pasien, ${world.stays} ` +
        `kunjungan (${world.openStays.length} masih dirawat), ${world.exams} pemeriksaan, ` +
        `wilayah resmi dan ICD-10/ICD-9-CM.`,
    );
    console.log(
      `Jalankan: DATA_DIR=${dir} ADMIN_PASSWORD=... deno task start; login kode DEMO, ` +
        "username admin.",
    );
  } finally {
    store.close();
  }
  const opened = await Store.open(join(dir, "casemix.kv"));
  await preloadIndexes(opened, registry).finally(() => opened.close());
  progress("indeks dimuat sekali (jumlah tersimpan)");
}

if (import.meta.main) {
  try {
    await main();
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    Deno.exit(1);
  }
}
