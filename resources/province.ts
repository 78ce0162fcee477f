import { region } from "./region.ts";

export default region({ name: "province", label: "Provinsi", path: "/provinsi" });
