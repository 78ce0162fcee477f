import { region } from "./region.ts";

export default region({
  name: "regency",
  label: "Kabupaten/Kota",
  path: "/kabupaten",
  parent: {
    resource: "province",
    label: "Provinsi",
    field: "provinceId",
    input: "province",
    aliases: ["kode_provinsi", "provinsi", "provinceid", "province_kode"],
  },
});
