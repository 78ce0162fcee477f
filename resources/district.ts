import { cascade, region } from "./region.ts";

export default region({
  name: "district",
  label: "Kecamatan",
  path: "/kecamatan",
  ancestors: [cascade("province", "Provinsi")],
  parent: {
    resource: "regency",
    label: "Kabupaten/Kota",
    field: "regencyId",
    input: "regency",
    aliases: ["kode_kabupaten", "kabupaten", "regencyid", "regency_kode"],
  },
});
