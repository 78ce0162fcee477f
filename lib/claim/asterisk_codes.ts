/**
 * ICD-10 asterisk (manifestation) codes: the codes WHO marks with `*`, which name a
 * manifestation of an underlying disease coded elsewhere (the dagger code) and so may never be
 * the main condition (ICD-10 Volume 2, 3.1.3 "The dagger and asterisk system").
 *
 * Source: the WHO ICD-10 metadata of the DIMDI distribution (`codes.txt`, fields
 * `LEVEL;PLACE;TYPE;CHAPTER_CODE;BLOCK_CODE;CODE_W;CODE;…`, where `CODE_W` keeps the asterisk)
 * as kept in the public repository patriciomacadden/icd, path `doc/kettle/codes.txt`, commit
 * 2f4163cf15f2064cb87076d64ee4c4ab00b84e12: every row whose `CODE_W` ends with `*`, written here
 * without the `*` and without the `.-` of a category with subdivisions (as the app stores codes:
 * `G01`, `H36.0`). Origin and licence: the classification is WHO's ICD-10 (© World Health
 * Organization), distributed by DIMDI; the repository states no licence; only the codes (facts
 * of the classification) are kept. The file was read from its start to offset 96,000 and from
 * 160,000 to 880,000 (A00–C21 and D10–S68, chapters I, III–XVIII and the start of II and
 * XIX); the rest (neoplasms C21–D30; S68–U85: injuries, external causes, factors Z) was not
 * read (see lib/claim/README.md).
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

/** The four-character asterisk subdivisions listed in the source (289). */
export const ASTERISK_SUBCODES: readonly string[] = [
  "D63.0 D63.8 E35.0 E35.1 E35.8 F00.0 F00.1 F00.2 F00.9 F02.0 F02.1 F02.2",
  "F02.3 F02.4 F02.8 G02.0 G02.1 G02.8 G05.0 G05.1 G05.2 G05.8 G13.0 G13.1",
  "G13.2 G13.8 G32.0 G32.8 G46.0 G46.1 G46.2 G46.3 G46.4 G46.5 G46.6 G46.7",
  "G46.8 G53.0 G53.1 G53.2 G53.3 G53.8 G55.0 G55.1 G55.2 G55.3 G55.8 G59.0",
  "G59.8 G63.0 G63.1 G63.2 G63.3 G63.4 G63.5 G63.6 G63.8 G73.0 G73.1 G73.2",
  "G73.3 G73.4 G73.5 G73.6 G73.7 G94.0 G94.1 G94.2 G94.8 G99.0 G99.1 G99.2",
  "G99.8 H03.0 H03.1 H03.8 H06.0 H06.1 H06.2 H06.3 H13.0 H13.1 H13.2 H13.3",
  "H13.8 H19.0 H19.1 H19.2 H19.3 H19.8 H22.0 H22.1 H22.8 H28.0 H28.1 H28.2",
  "H28.8 H32.0 H32.8 H36.0 H36.8 H42.0 H42.8 H45.0 H45.1 H45.8 H48.0 H48.1",
  "H48.8 H58.0 H58.1 H58.8 H62.0 H62.1 H62.2 H62.3 H62.4 H62.8 H67.0 H67.1",
  "H67.8 H75.0 H75.8 H94.0 H94.8 I32.0 I32.1 I32.8 I39.0 I39.1 I39.2 I39.3",
  "I39.4 I39.8 I41.0 I41.1 I41.2 I41.8 I43.0 I43.1 I43.2 I43.8 I52.0 I52.1",
  "I52.8 I68.0 I68.1 I68.2 I68.8 I79.0 I79.1 I79.2 I79.8 I98.0 I98.1 I98.2",
  "I98.3 I98.8 J17.0 J17.1 J17.2 J17.3 J17.8 J99.0 J99.1 J99.8 K23.0 K23.1",
  "K23.8 K67.0 K67.1 K67.2 K67.3 K67.8 K77.0 K77.8 K87.0 K87.1 K93.0 K93.1",
  "K93.8 L54.0 L54.8 L62.0 L62.8 L99.0 L99.8 M01.0 M01.1 M01.2 M01.3 M01.4",
  "M01.5 M01.6 M01.8 M03.0 M03.1 M03.2 M03.6 M07.0 M07.1 M07.2 M07.3 M07.4",
  "M07.5 M07.6 M09.0 M09.1 M09.2 M09.8 M14.0 M14.1 M14.2 M14.3 M14.4 M14.5",
  "M14.6 M14.8 M36.0 M36.1 M36.2 M36.3 M36.4 M36.8 M49.0 M49.1 M49.2 M49.3",
  "M49.4 M49.5 M49.8 M63.0 M63.1 M63.2 M63.3 M63.8 M68.0 M68.8 M73.0 M73.1",
  "M73.8 M82.0 M82.1 M82.8 M90.0 M90.1 M90.2 M90.3 M90.4 M90.5 M90.6 M90.7",
  "M90.8 N08.0 N08.1 N08.2 N08.3 N08.4 N08.5 N08.8 N16.0 N16.1 N16.2 N16.3",
  "N16.4 N16.5 N16.8 N22.0 N22.8 N29.0 N29.1 N29.8 N33.0 N33.8 N37.0 N37.8",
  "N51.0 N51.1 N51.2 N51.8 N74.0 N74.1 N74.2 N74.3 N74.4 N74.8 N77.0 N77.1",
  "N77.8",
].join(" ").split(" ");
