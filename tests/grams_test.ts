import assert from "node:assert/strict";
import { Grams } from "../lib/index/grams.ts";

Deno.test("trigrams: the candidates of a term are every entry holding it, ascending, and few extra", () => {
  const g = new Grams();
  const words = ["siti", "budi", "andi", "wati", "rahayu", "sari"];
  const texts: string[] = [];
  for (let i = 0; i < 5_000; i++) {
    texts.push(`${words[i % 6]} ${words[(i * 7) % 6]}${i % 13} x${i}`);
    g.append(i, texts[i]);
  }
  g.trim();
  for (const term of ["siti", "iti", "ti s", "x1234", "rahayu", "zzz", "i b"]) {
    const got = [...g.candidates(term)];
    const want = texts.flatMap((t, i) => t.includes(term) ? [i] : []);
    assert.ok(want.every((i) => got.includes(i)), term);
    assert.deepEqual(got, [...got].sort((a, b) => a - b), term);
    assert.ok(got.length <= want.length * 1.05 + 5, `${term}: ${got.length} for ${want.length}`);
  }
});
