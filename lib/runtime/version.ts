import { join } from "node:path";

/** The Deno release series the app is built and tested for (README, CI, `deno task compile`). */
export const DENO_SERIES = "2.9";

/** What `deno task compile` records beside the bundle of a binary it builds. */
export interface BuildInfo {
  /** The Deno that compiled the program (its code, checked and embedded, is for this one). */
  deno: string;
  /** The compile target, e.g. `x86_64-pc-windows-msvc`. */
  target: string;
  builtAt: string;
}

const series = (v: string) => v.split(".").slice(0, 2).join(".");

/**
 * Why this Deno cannot run the app, in Indonesian, or null: another release series than
 * {@link DENO_SERIES}, or in a compiled binary a runtime other than the one that compiled it.
 */
export function denoVersionProblem(running: string, built?: BuildInfo | null): string | null {
  if (built && built.deno !== running) {
    return `Program ini dikompilasi dengan Deno ${built.deno}, tetapi runtime di dalamnya Deno ` +
      `${running}. Kompilasi ulang dengan runtime (denort) Deno ${built.deno} yang sama ` +
      "(lihat docs/DEPLOY.md, 'Satu berkas program').";
  }
  if (series(running) !== DENO_SERIES) {
    return `Casemix RS dibuat untuk Deno ${DENO_SERIES}.x, tetapi yang menjalankannya Deno ` +
      `${running}. Pasang Deno ${DENO_SERIES} (mis. npx -y deno@${DENO_SERIES}.6 task start) ` +
      "atau pakai berkas program casemix yang sudah jadi.";
  }
  return null;
}

/** The build record of a compiled binary (in its embedded `static/build/`), else null. */
export async function readBuildInfo(staticDir: string): Promise<BuildInfo | null> {
  if (!Deno.build.standalone) return null;
  try {
    return JSON.parse(await Deno.readTextFile(join(staticDir, "build", "compiled.json")));
  } catch {
    return null;
  }
}
