import { join } from "node:path";

/** The shared public data folder (beside the repository, else /work/shared/data). */
export function sharedData(): string {
  const beside = join(import.meta.dirname!, "..", "..", "shared", "data");
  try {
    Deno.statSync(beside);
    return beside;
  } catch {
    return "/work/shared/data";
  }
}
