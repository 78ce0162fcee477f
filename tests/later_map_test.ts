import assert from "node:assert/strict";
import { LaterMap } from "../lib/index/later_map.ts";

Deno.test("LaterMap: entries given for later count and list at once, and are put in, in order, at the first read by key or write", () => {
  const m = new LaterMap<number>();
  m.set("x", 0);
  const asked: number[] = [];
  m.later(["a", "b", "c"], (i) => (asked.push(i), 10 + i));
  assert.equal(m.size, 3);
  assert.deepEqual([...m.values()], [10, 11, 12]);
  asked.length = 0;
  assert.equal(m.get("b"), 11);
  assert.deepEqual(asked, [0, 1, 2], "all put in at once");
  assert.equal(m.has("x"), false, "later() starts from an empty map");
  m.set("d", 13);
  m.delete("a");
  assert.deepEqual([...m], [["b", 11], ["c", 12], ["d", 13]]);
  assert.deepEqual([...m.keys()], ["b", "c", "d"]);
  m.later(["e"], () => 20);
  m.clear();
  assert.equal(m.size, 0);
  assert.equal(m.get("e"), undefined, "clear drops what waited");
});
