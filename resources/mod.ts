import type { Registry } from "../lib/refs.ts";
import type { ResourceDef } from "../lib/resource.ts";
import district from "./district.ts";
import province from "./province.ts";
import { references } from "./references.ts";
import regency from "./regency.ts";
import village from "./village.ts";

/** Every resource, in sidebar order. Adding a screen: one file here and one line below. */
export const resources: ResourceDef[] = [province, regency, district, village, ...references];

export const registry: Registry = new Map(resources.map((r) => [r.name, r]));
