/** Upload limits for imports. */
export const IMPORT_LIMITS = {
  bytes: 20 * 1024 * 1024,
  zipEntries: 1_000,
  unzippedBytes: 200 * 1024 * 1024,
  /** Largest unpacked/packed ratio of an entry over `ratioFrom` bytes (as Apache POI: 100). */
  ratio: 100,
  ratioFrom: 4 * 1024 * 1024,
};
