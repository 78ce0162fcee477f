import assert from "node:assert/strict";
import { MemIndex } from "../lib/index/index.ts";
import { reshareVisit, slimVisit } from "../lib/ipd/resource.ts";
import type { Visit } from "../lib/ipd/model.ts";
import { throughSnapshot } from "./index_fixtures.ts";
import { visitDoc } from "./visits.ts";

/** A stays' index read back from its snapshot shares repeated values as one loaded from KV. */

const icd = (code: string) => ({ _id: `i-${code}`, code, desc: code });

function stay(i: number, codes10: string[], summary: string[], status: Visit["status"]): Visit {
  return visitDoc("2026-01-02T03:00:00.000Z", {
    _id: `s${String(i).padStart(3, "0")}`,
    pasien: { _id: `p${i}`, fullname: `Pasien ${i}`, erm: String(i), gender: "L" },
    diagnosis_awal: "Demam",
    room: { _id: "r1", name: "Melati" },
    openPasien: status === "dirawat" ? `p${i}` : null,
    status,
    tanggal_pulang: status === "pulang" ? "2026-01-05T03:00:00.000Z" : null,
    summary_diagnosis: summary.map(icd),
    inacbg: "A-4-10-I",
    codes10,
  });
}

Deno.test("stays' index from a snapshot: codes, empty lists and a summary equal to the codes shared again", async () => {
  const opts = { slim: slimVisit, reshare: reshareVisit };
  const kv = new MemIndex<Visit>(["pasien.fullname"], undefined, opts);
  const stays = [
    stay(1, ["A09", "E11.9"], ["A09", "E11.9"], "pulang"),
    stay(2, ["A09"], ["J18.9"], "pulang"),
    stay(3, [], [], "dirawat"),
    stay(4, ["A09"], [], "pulang"),
  ];
  for (const s of stays) kv.put(s._id, { value: s, versionstamp: "v1" });
  // as a restart reads it: JSON text, every value a copy of its own
  const snap = new MemIndex<Visit>(["pasien.fullname"], undefined, opts);
  await throughSnapshot(kv, snap);
  const v = (idx: MemIndex<Visit>, id: string) => idx.get(id)!.value;
  // the same values (a field slimmed away is absent there, undefined here)
  const plain = (x: unknown) => JSON.parse(JSON.stringify(x));
  for (const s of stays) assert.deepEqual(plain(v(snap, s._id)), plain(v(kv, s._id)), s._id);
  const one = v(snap, "s001"), two = v(snap, "s002"), three = v(snap, "s003");
  assert.equal(one.summary10, one.codes10, "a summary equal to the codes is the codes' list");
  assert.equal(one.codes9, three.codes9, "one empty list");
  assert.equal(three.codes10, v(snap, "s004").summary10, "one empty list");
  assert.equal(one.codes10[0], two.codes10[0]);
  assert.equal(one.inacbg, two.inacbg);
  assert.notEqual(two.summary10, two.codes10, "a summary of other codes stays its own");
  assert.deepEqual(two.summary10, ["J18.9"]);
});
