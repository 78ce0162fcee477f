import type { z } from "zod";
import { choicesOf, labelsOf, type ResourceDef } from "./resource.ts";
import type { Registry } from "./refs.ts";

/** A field's own name and its declared aliases, lowercased (the import also reads its label). */
export function ownHeaders(def: ResourceDef, field: string): string[] {
  return [field, ...(def.import?.aliases?.[field] ?? [])].map((h) => h.toLowerCase());
}

/** The template's columns (`import.template`, else every field), headed by the field's label. */
export function templateColumns(def: ResourceDef): { field: string; header: string }[] {
  const fields = Object.keys(def.schema.shape);
  const labels = labelsOf(def);
  const names = def.import?.template ?? fields;
  return names.map((name) => {
    const field = fields.find((f) => ownHeaders(def, f).includes(name.toLowerCase())) ?? name;
    return { field, header: labels[field] ?? name };
  });
}

/** The most characters a text check takes (through optional and default wrappers), if known. */
function maxLength(check: z.ZodType | undefined): number | null {
  let t = check as unknown as {
    maxLength?: number | null;
    _zod?: { def: { innerType?: unknown } };
  };
  for (let i = 0; t && i < 4; i++) {
    if (typeof t.maxLength === "number") return t.maxLength;
    t = t._zod?.def.innerType as typeof t;
  }
  return null;
}

/** What a template column takes, said to the user, from the field's declaration. */
function allowedValues(def: ResourceDef, field: string, registry: Registry): string {
  const ref = def.refs?.find((r) => r.input === field);
  const parent = ref && registry.get(ref.resource);
  if (ref && parent) {
    const by = ref.importBy ?? parent.import?.key ?? "kode";
    return `${labelsOf(parent)[by] ?? by} ${parent.label} yang sudah ada di aplikasi.`;
  }
  const input = def.fields.find((f) => f.name === field || f.raw === field);
  const choices = input?.choices ??
    choicesOf(def.columns.find((c) => c.data === field)?.choices ?? {});
  if (choices.length) {
    return "Salah satu dari: " +
      choices.map((c) => c.id === c.text ? c.id : `${c.id} (${c.text})`).join(", ") + ".";
  }
  if (input?.type === "switch") {
    return `ya atau tidak (kosong: tidak, atau tetap seperti tersimpan).${
      input.hint ? ` ${input.hint}` : ""
    }`;
  }
  if (input?.hint) return input.hint;
  if (input?.type === "date") {
    return "Tanggal DD-MM-YYYY (mis. 31-01-1980), DD/MM/YYYY, YYYY-MM-DD atau sel tanggal Excel.";
  }
  if (input?.type === "money") return "Angka rupiah, mis. 3000000 atau Rp 3.000.000.";
  if (input?.type === "email") return "Alamat email, mis. nama@rumahsakit.id.";
  const max = maxLength(def.schema.shape[field] as z.ZodType | undefined);
  return max ? `Teks, paling banyak ${max} karakter.` : "Teks.";
}

/** Whether a new record's import needs `field`: its check refuses it absent and none derives it. */
export function needed(def: ResourceDef, field: string): boolean {
  const check = def.schema.shape[field] as z.ZodType | undefined;
  return !!check && !check.safeParse(undefined).success && !def.import?.derived?.includes(field);
}

/** The rows of a template's 'Petunjuk' sheet: each column's header, required flag and values. */
export function guideRows(def: ResourceDef, registry: Registry): string[][] {
  return [
    ["Kolom", "Wajib diisi", "Nilai yang diperbolehkan"],
    ...templateColumns(def).map(({ field, header }) => {
      const required = needed(def, field) ? "Ya" : "Tidak";
      return [header, required, allowedValues(def, field, registry)];
    }),
  ];
}
