/** The official region list shipped with the app (MIT: `wilayah/LICENSE`), loaded once. */
import { conflict } from "../errors.ts";
import { formatNumber } from "../format.ts";
import { importFile, type ImportResult } from "../resource/importer.ts";
import type { Registry } from "../resource/refs.ts";
import type { ResourceDef } from "../resource/resource.ts";
import type { Store } from "../db/store.ts";
import { tracked, type Tracker } from "../progress/progress.ts";
import { REGION_LEVELS } from "./address.ts";
import { regionGap } from "./setup_checks.ts";

/** The shipped file, by URL beside this module (so the compiled program finds it too). */
export const OFFICIAL_REGIONS_FILE = new URL(
  "./wilayah/wilayah_kepmendagri_2025.csv.gz",
  import.meta.url,
);

/** The list's name in messages and in the audit entries of its load. */
export const OFFICIAL_REGIONS_NAME = "Kepmendagri No 300.2.2-2138 Tahun 2025";

/** The shipped `kode,nama` lines split by level (the code's dots) as `kode,nama,parent_kode`. */
async function levelFiles(file: URL): Promise<Uint8Array[]> {
  const gz = await Deno.readFile(file);
  const text = await new Response(
    new Blob([gz]).stream().pipeThrough(new DecompressionStream("gzip")),
  ).text();
  const levels = REGION_LEVELS.map((_, i) => [i ? "kode,nama,parent_kode" : "kode,nama"]);
  for (const line of text.split("\n").slice(1)) {
    const comma = line.indexOf(",");
    if (comma < 0) continue;
    const kode = line.slice(0, comma);
    const depth = kode.split(".").length - 1;
    // the name stays as the file quotes it (two hold a comma)
    levels[depth]?.push(depth ? `${line},${kode.slice(0, kode.lastIndexOf("."))}` : line);
  }
  const enc = new TextEncoder();
  return levels.map((l) => enc.encode(l.join("\n") + "\n"));
}

/** The phases of one level's import, reported as a part of the whole load's. */
function levelTracker(outer: Tracker, label: string, n: number): Tracker {
  return {
    get total() {
      return outer.total;
    },
    phase: (phase, total, unit) =>
      outer.phase(`${label} (${n} dari ${REGION_LEVELS.length}): ${phase}`, total, unit),
    step: (done) => outer.step(done),
    // the load ends once, after the last level
    finish: () => {},
    fail: () => {},
  };
}

let loading = false;

/** Loads the list into the region levels by their imports (409 once all hold records). */
export async function loadOfficialRegions(
  store: Store,
  registry: Registry,
  progress: Tracker,
  afterLevel: (def: ResourceDef, result: ImportResult) => Promise<void>,
  file: URL = OFFICIAL_REGIONS_FILE,
): Promise<{ message: string; levels: { resource: string; result: ImportResult }[] }> {
  if (loading) throw conflict("Data wilayah resmi sedang dimuat; tunggu hingga selesai.");
  if (!await regionGap(store, registry)) {
    throw conflict(
      "Data wilayah sudah ada (Provinsi sampai Kelurahan); data resmi hanya dimuat sekali. " +
        "Perubahan berikutnya lewat Impor di layar Data Wilayah.",
    );
  }
  loading = true;
  try {
    return await tracked(progress, async () => {
      progress.phase("Membuka berkas data wilayah resmi");
      const files = await levelFiles(file);
      const levels: { resource: string; result: ImportResult }[] = [];
      for (const [i, l] of REGION_LEVELS.entries()) {
        const def = registry.get(l.resource)!;
        const file = { name: `${l.resource}.csv`, bytes: files[i] };
        const tracker = levelTracker(progress, l.label, i + 1);
        const result = await importFile(store, registry, def, file, tracker);
        await afterLevel(def, result);
        levels.push({ resource: l.resource, result });
      }
      const counts = levels.map(({ result }, i) =>
        `${formatNumber(result.rows)} ${REGION_LEVELS[i].label}`
      );
      return {
        message: `Data wilayah resmi (${OFFICIAL_REGIONS_NAME}) dimuat: ${counts.join(", ")}.`,
        levels,
      };
    }, "Memuat data wilayah resmi gagal.");
  } finally {
    loading = false;
  }
}
