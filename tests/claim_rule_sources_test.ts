import assert from "node:assert/strict";
import {
  CLAIM_RULES,
  type ClaimContext,
  claimContext,
  type ClaimSource,
  type ClaimStay,
  CONTEXT_SOURCES,
} from "../lib/claim/readiness.ts";
import { setZoneProvider } from "../lib/hospital_time.ts";
import { Store } from "../lib/db/store.ts";
import { registry } from "../resources/mod.ts";

/** A discharged stay that reaches every rule's reads (a package, a class upgrade, codes). */
const STAY: ClaimStay = {
  _id: "s1",
  pasien: { _id: "p1", tgl_lahir: "1980-01-01" },
  visitDate: "2026-11-01T01:00:00.000Z",
  status: "pulang",
  tanggal_pulang: "2026-11-20T04:00:00.000Z",
  dpjp: { _id: "d1", fullname: "dr. Ani" },
  room: { _id: "r1", name: "Melati" },
  summary10: ["O80", "J18.9"],
  summary9: ["93.96"],
  codes10: ["J18.9"],
  codes9: [],
  inacbg: "J-4-16-I",
  inacbgKelas: "second",
  nomor_sep: "",
  kelas_rawat: "",
  upgrade_class_class: "vip",
  dischargepatient: { _id: "c1", desc: "Pulang", kode_eklaim: "" },
  tarifRsTotal: 100,
  tarif_rs_rincian: { obat: 50 } as ClaimStay["tarif_rs_rincian"],
};

/** Stays taking the other branches: still admitted, no package, no upgrade. */
const STAYS: ClaimStay[] = [
  STAY,
  { ...STAY, status: "dirawat", tanggal_pulang: null, dischargepatient: null },
  { ...STAY, inacbg: null, inacbgKelas: "", upgrade_class_class: "" },
  { ...STAY, summary10: [], summary9: [], codes10: [], codes9: [] },
];

/**
 * A context whose every member trips its rule (a median of 1 day, a previous stay of the same
 * CMG home the day before, a room of another class, a keyword on J18.9) and records the sources
 * of the members read (`CONTEXT_SOURCES`); a member without them fails.
 */
function recording(read: Set<ClaimSource>): ClaimContext {
  const ctx: ClaimContext = {
    medianLos: () => 1,
    previousStay: (s) => ({
      _id: "s0",
      tanggal_pulang: "2026-10-31T04:00:00.000Z",
      inacbg: s.inacbg,
    }),
    roomClass: () => "first",
    keywords: [{ keyword: "pneumonia", kode_icd: "J18.9", rekomendasi: "foto toraks" }],
  };
  return new Proxy(ctx, {
    get(target, key) {
      const sources = CONTEXT_SOURCES[key as keyof ClaimContext];
      assert.ok(sources, `the context's member ${String(key)} declares no sources`);
      for (const s of sources) read.add(s);
      return target[key as keyof ClaimContext];
    },
  });
}

Deno.test("each readiness rule declares exactly what it reads: the context's members and the hospital's zone", () => {
  let read = new Set<ClaimSource>();
  setZoneProvider(() => {
    read.add("zone");
    return "Asia/Jakarta";
  });
  try {
    for (const rule of CLAIM_RULES) {
      read = new Set();
      let tripped = 0;
      for (const stay of STAYS) {
        const ctx = recording(read);
        if (rule.check(stay, ctx)) tripped++;
        rule.link(stay, ctx);
        rule.links?.(stay);
      }
      assert.ok(tripped > 0, `${rule.rule}: no stay of the test trips it`);
      assert.deepEqual([...read].sort(), [...rule.sources].sort(), rule.rule);
    }
  } finally {
    setZoneProvider(() => undefined);
  }
});

Deno.test("the rules' context reads the resources its members declare, and each is a resource", async () => {
  const store = await Store.open(":memory:");
  try {
    const asked = new Set<string>();
    const recorded = new (class extends Map<string, NonNullable<ReturnType<typeof registry.get>>> {
      override get(name: string) {
        asked.add(name);
        return super.get(name);
      }
    })(registry);
    await claimContext(store, recorded);
    const declared = new Set<string>(Object.values(CONTEXT_SOURCES).flat());
    for (const s of ["stays", "zone"]) declared.delete(s);
    assert.deepEqual([...asked].sort(), [...declared].sort());
    const named = CLAIM_RULES.flatMap((r) => r.sources).filter((s) =>
      s !== "stays" && s !== "zone"
    );
    for (const name of named) assert.ok(registry.has(name), `${name} is no resource`);
  } finally {
    store.close();
  }
});
