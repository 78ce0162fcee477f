import { cascade, region } from "./region.ts";

export default region({
  name: "village",
  label: "Kelurahan",
  path: "/kelurahan",
  ancestors: [cascade("province", "Provinsi"), cascade("regency", "Kabupaten/Kota", "province")],
  parent: {
    resource: "district",
    label: "Kecamatan",
    field: "districtId",
    input: "district",
    aliases: ["kode_kecamatan", "kecamatan", "districtid", "district_kode"],
  },
});
