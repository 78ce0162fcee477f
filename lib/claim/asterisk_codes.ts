/**
 * ICD-10 asterisk (manifestation) codes: the codes WHO marks with `*`, which name a
 * manifestation of an underlying disease coded elsewhere (the dagger code) and so may never be
 * the main condition (ICD-10 Volume 2, 3.1.3 "The dagger and asterisk system").
 *
 * Source: the WHO ICD-10 metadata of the DIMDI distribution (`codes.txt`, fields
 * `LEVEL;PLACE;TYPE;CHAPTER_CODE;BLOCK_CODE;CODE_W;CODE;…`, where `CODE_W` keeps the asterisk)
 * as kept in the public repository patriciomacadden/icd, path `doc/kettle/codes.txt`, commit
 * 2f4163cf15f2064cb87076d64ee4c4ab00b84e12: every category whose `CODE_W` ends with `*`, written
 * without the `*` and `.-`; the source's 289 asterisk subdivisions all lie in these categories.
 * Origin and licence: the classification is WHO's ICD-10 (© World Health Organization),
 * distributed by DIMDI; the repository states no licence; only the codes (facts of the
 * classification) are kept.
 */

/** The 83 three-character asterisk categories (every subdivision of each is an asterisk code). */
export const ASTERISK_CATEGORIES: readonly string[] = [
  "D63 D77 E35 E90 F00 F02 G01 G02 G05 G07 G13 G22 G26 G32",
  "G46 G53 G55 G59 G63 G73 G94 G99 H03 H06 H13 H19 H22 H28",
  "H32 H36 H42 H45 H48 H58 H62 H67 H75 H82 H94 I32 I39 I41",
  "I43 I52 I68 I79 I98 J17 J91 J99 K23 K67 K77 K87 K93 L14",
  "L45 L54 L62 L86 L99 M01 M03 M07 M09 M14 M36 M49 M63 M68",
  "M73 M82 M90 N08 N16 N22 N29 N33 N37 N51 N74 N77 P75",
].join(" ").split(" ");
