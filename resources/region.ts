import { defineResource, type ResourceDef } from "../lib/resource/resource.ts";
import { type Field, model } from "../lib/resource/fields.ts";

/** The Kepmendagri region tree, top down (`word`: how an import header names a level). */
const LEVELS = [
  { name: "province", label: "Provinsi", path: "/provinsi", word: "provinsi" },
  { name: "regency", label: "Kabupaten/Kota", path: "/kabupaten", word: "kabupaten" },
  { name: "district", label: "Kecamatan", path: "/kecamatan", word: "kecamatan" },
  { name: "village", label: "Kelurahan", path: "/kelurahan", word: "kelurahan" },
];

/** A level of the region tree: kode, desc and its parent, picked in a cascade of selects. */
export function region(name: string): ResourceDef {
  const at = LEVELS.findIndex((l) => l.name === name);
  const o = LEVELS[at], p = LEVELS[at - 1];
  // the selects above the parent, each narrowed by the one above it
  const virtual = LEVELS.slice(0, Math.max(0, at - 1)).map((l, i): [string, Field] => {
    const up = LEVELS[i - 1]?.name;
    const options = {
      url: `/api/${l.name}/select2`,
      ...(up ? { parent: up, param: `${up}Id` } : {}),
    };
    return [l.name, {
      label: l.label,
      check: false,
      column: false,
      form: { type: "select", virtual: true, options },
    }];
  });
  const last = virtual.at(-1)?.[0];
  const parent: [string, Field][] = p
    ? [[p.name, {
      label: p.label,
      ref: { resource: p.name, field: `${p.name}Id`, param: `${p.name}Id` },
      form: last ? { options: { parent: last, param: `${last}Id` } } : {},
    }]]
    : [];
  return defineResource({
    name: o.name,
    label: o.label,
    page: { path: o.path, group: "Data Wilayah" },
    ...model({
      kode: { label: "Kode", check: { max: 20 }, form: { placeholder: "mis. 11.01" } },
      desc: { label: "Nama", check: { max: 200 } },
      ...Object.fromEntries([...virtual, ...parent]),
    }, { form: [...virtual, ...parent].map(([name]) => name) }),
    search: ["kode", "desc", ...(p ? [`${p.name}Id.desc`] : [])],
    unique: ["kode"],
    import: {
      key: "kode",
      aliases: {
        kode: ["code", "kode_wilayah", "id"],
        desc: ["nama", "name", "deskripsi", "description"],
        ...(p
          ? {
            [p.name]: [
              "parent_kode",
              "kode_induk",
              `kode_${p.word}`,
              p.word,
              `${p.name}id`,
              `${p.name}_kode`,
            ],
          }
          : {}),
      },
    },
  });
}
