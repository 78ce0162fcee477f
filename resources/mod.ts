import type { Registry } from "../lib/resource/refs.ts";
import type { ResourceDef } from "../lib/resource/resource.ts";
import classRoom from "./class_room.ts";
import disputedClaim from "./disputed_claim.ts";
import district from "./district.ts";
import doctor from "./doctor.ts";
import icd from "./icd.ts";
import inacbg from "./inacbg.ts";
import inatarif from "./inatarif.ts";
import ipd from "../lib/ipd/resource.ts";
import pasien from "./pasien.ts";
import province from "./province.ts";
import { references } from "./references.ts";
import regency from "./regency.ts";
import room from "./room.ts";
import user from "./user.ts";
import village from "./village.ts";

/** Every resource, in sidebar order. Adding a screen: one file here and one line below. */
export const resources: ResourceDef[] = [
  pasien,
  classRoom,
  room,
  inacbg,
  inatarif,
  icd,
  disputedClaim,
  province,
  regency,
  district,
  village,
  ...references,
  user,
  doctor,
  ipd,
];

export const registry: Registry = new Map(resources.map((r) => [r.name, r]));
