import assert from "node:assert/strict";

const read = (p: string) => Deno.readTextFile(new URL(`../${p}`, import.meta.url));

Deno.test("ARCHITECTURE.md's master-data recipe quotes resources/room.ts as it is", async () => {
  const doc = await read("docs/ARCHITECTURE.md");
  const quote = doc.match(/`resources\/room\.ts` is the whole of[^]*?```ts\n([^]*?)\n *```/);
  assert.ok(quote, "the recipe's quote of resources/room.ts is missing");
  const text = quote[1].split("\n").map((l) => l.replace(/^ {3}/, "")).join("\n") + "\n";
  assert.equal(text, await read("resources/room.ts"));
});
