import assert from "node:assert/strict";
import { parseTableRequest, tableQuery } from "../lib/resource/datatables.ts";
import type { ColumnDef } from "../lib/resource/resource.ts";

Deno.test("tableQuery: the browser's request reads back through parseTableRequest", () => {
  const columns: ColumnDef[] = [
    { data: "erm", title: "No. ERM" },
    { data: "fullname", title: "Nama Lengkap" },
    { data: "phone", title: "Telepon", searchable: false, orderable: false },
  ];
  const q = tableQuery(columns, {
    draw: 3,
    start: 20,
    length: 10,
    search: "budi",
    order: [1, "desc"],
    params: { kind: "icd9" },
  });
  assert.equal(q.get("kind"), "icd9");
  assert.equal(q.get("columns[2][searchable]"), "false");
  const allowed = {
    search: ["erm", "fullname", "phone"],
    order: ["erm", "fullname"],
    pageSize: 10,
  };
  assert.deepEqual(parseTableRequest(q, allowed), {
    draw: 3,
    query: {
      search: "budi",
      searchFields: ["erm", "fullname"],
      order: [{ field: "fullname", dir: "desc" }],
      start: 20,
      length: 10,
    },
  });
  // no ordering asked (order column -1): the server's default, the first allowed column
  const plain = tableQuery(columns, { draw: 1, start: 0, length: 5, order: [-1, "asc"] });
  assert.equal(plain.has("order[0][column]"), false);
  assert.deepEqual(parseTableRequest(plain, allowed).query.order, [{ field: "erm", dir: "asc" }]);
});
