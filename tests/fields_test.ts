import assert from "node:assert/strict";
import {
  capitals,
  caseless,
  model,
  optionOf,
  sentenceCase,
  toggle,
} from "../lib/resource/fields.ts";
import { labelsOf, type ResourceDef } from "../lib/resource/resource.ts";
import { money } from "../lib/resource/validate.ts";

const messages = (m: { schema: ResourceDef["schema"] }, input: Record<string, unknown>) => {
  const r = m.schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

Deno.test("fields: one entry gives the check, the column and the form input", () => {
  const m = model({
    name: { label: "Nama Depan", check: { max: 5 } },
    note: { label: "Catatan", check: { max: 10, required: false }, form: { type: "textarea" } },
  });
  assert.deepEqual(Object.keys(m.schema.shape), ["name", "note"]);
  assert.deepEqual(m.columns, [
    { data: "name", title: "Nama Depan" },
    { data: "note", title: "Catatan" },
  ]);
  assert.deepEqual(m.fields, [
    { name: "name", label: "Nama Depan", required: true },
    { name: "note", label: "Catatan", type: "textarea" },
  ]);
  assert.deepEqual(m.refs, []);
  // messages name the field in sentence case; the optional field defaults to ''
  assert.deepEqual(messages(m, {}), ["Nama depan wajib diisi."]);
  assert.deepEqual(messages(m, { name: "abcdef" }), ["Nama depan paling banyak 5 karakter."]);
  assert.deepEqual(m.schema.parse({ name: "  Ani " }), { name: "Ani", note: "" });
});

Deno.test("fields: a reference gives its select, its column of the parent's field and its RefDef", () => {
  const m = model({
    classroom: {
      label: "Kelas",
      ref: { resource: "class-room", display: "name", param: "classroomId", importBy: "name" },
    },
    province: {
      label: "Provinsi",
      ref: { resource: "province", field: "provinceId" },
      form: { options: { parent: "country", param: "countryId" } },
    },
  });
  assert.deepEqual(m.columns, [
    { data: "classroom.name", title: "Kelas" },
    { data: "provinceId.desc", title: "Provinsi" },
  ]);
  assert.deepEqual(m.fields, [
    {
      name: "classroom",
      label: "Kelas",
      type: "select",
      required: true,
      options: { url: "/api/class-room/select2" },
    },
    {
      name: "province",
      label: "Provinsi",
      type: "select",
      required: true,
      options: { url: "/api/province/select2", parent: "country", param: "countryId" },
    },
  ]);
  assert.deepEqual(m.refs, [
    {
      field: "classroom",
      input: "classroom",
      label: "Kelas",
      resource: "class-room",
      display: "name",
      param: "classroomId",
      importBy: "name",
    },
    { field: "provinceId", input: "province", label: "Provinsi", resource: "province" },
  ]);
  assert.deepEqual(messages(m, { classroom: " ", province: "p1" }), ["Kelas wajib dipilih."]);
  // one declaration: every label the messages use is the entry's
  const def = { ...m, labels: {} } as unknown as ResourceDef;
  assert.equal(labelsOf(def).classroom, "Kelas");
  assert.equal(labelsOf(def).provinceId, "Provinsi");
});

Deno.test("fields: derived, hidden, form-only and choice fields; `first` reorders", () => {
  const m = model({
    code: { label: "Kode", check: { max: 20 } },
    fullname: { label: "Nama Lengkap", check: false, form: false },
    secret: { label: "Rahasia", check: { required: false }, column: false, form: false },
    kind: {
      label: "Jenis",
      choices: { a: "Jenis A", b: "Jenis B" },
      check: money,
      column: { align: "right" },
    },
    on: toggle("Aktif"),
  }, { form: ["kind"], columns: ["fullname"] });
  assert.deepEqual(Object.keys(m.schema.shape), ["code", "secret", "kind", "on"]);
  assert.deepEqual(m.columns, [
    { data: "fullname", title: "Nama Lengkap" },
    { data: "code", title: "Kode" },
    { data: "kind", title: "Jenis", choices: { a: "Jenis A", b: "Jenis B" }, align: "right" },
    { data: "on", title: "Aktif", format: "switch", orderable: false },
  ]);
  assert.deepEqual(m.fields, [
    {
      name: "kind",
      label: "Jenis",
      choices: [{ id: "a", text: "Jenis A" }, { id: "b", text: "Jenis B" }],
    },
    { name: "code", label: "Kode", required: true },
    // a toggle is a switch in the form too
    { name: "on", label: "Aktif", type: "switch" },
  ]);
  // a check given as a function gets the message label: money's own message names it
  assert.deepEqual(messages(m, { code: "X", kind: "abc" }).length, 1);
  assert.match(messages(m, { code: "X", kind: "abc" })[0], /^Jenis /);
  assert.deepEqual(m.schema.parse({ code: "X", on: "ya" }), { code: "X", secret: "", on: true });
});

Deno.test("fields: sentence case keeps acronyms and the first word", () => {
  const cases = {
    "Nama Depan": "Nama depan",
    "Tarif Kelas 3": "Tarif kelas 3",
    "No. ERM": "No. ERM",
    "Kode INA-CBG": "Kode INA-CBG",
    "Kabupaten/Kota": "Kabupaten/Kota",
    "Kelas RS": "Kelas RS",
  };
  for (const [label, said] of Object.entries(cases)) assert.equal(sentenceCase(label), said);
});

Deno.test("fields: shared normalisers and option text", () => {
  assert.equal(caseless("name", "  VIP Room "), "vip room");
  assert.equal(caseless("name", undefined), "");
  assert.equal(capitals("kode", " a-4-10-i "), "A-4-10-I");
  assert.equal(optionOf("name")({ name: "Mawar" }), "Mawar");
  assert.equal(optionOf("name")({}), "");
});
