// The schema package under Deno: imported from source with its npm dependencies from node_modules.
import assert from "node:assert/strict";
import { actionPath, actions, kindByName, kindByPlural, kinds } from "../src/index.ts";

Deno.test("the manifest loads every kind: 91 from the interface and the ones it implies", () => {
  assert.equal(kinds.filter((kind) => kind.source === "seed").length, 91);
  assert.ok(kinds.length > 91);
  for (const name of ["product", "variant", "warehouse", "sale", "purchase-item", "label"]) {
    assert.equal(kindByName(name)?.source, "implied", name);
  }
  assert.equal(new Set(kinds.map((kind) => kind.name)).size, kinds.length);
});

Deno.test("every kind has its plural path, found back by plural", () => {
  for (const kind of kinds) {
    assert.equal(kind.path, `/${kind.plural}.json`);
    assert.equal(kindByPlural(kind.plural), kind);
  }
  assert.equal(kindByName("dropship-provider")?.path, "/dropship-providers.json");
  assert.equal(kindByName("no-such-kind"), undefined);
});

Deno.test("the 19 actions of the interface, with their paths and methods", () => {
  assert.equal(actions.filter(({ action }) => (action.source ?? "seed") === "seed").length, 19);
  const paths = actions.map(({ kind, action }) => `${action.method} ${actionPath(kind, action)}`);
  assert.ok(paths.includes("PUT /purchases/{id}/send.json"), paths.join("\n"));
  assert.ok(paths.includes("PUT /channels/{id}/variant-set-level.json"));
  assert.ok(paths.includes("DELETE /inventory-feeds/{id}/remove-by-external-id.json"));
});

Deno.test("references name declared kinds", () => {
  for (const kind of kinds) {
    for (const [name, field] of Object.entries(kind.fields)) {
      if (field.type === "ref") assert.ok(kindByName(field.ref!), `${kind.name}.${name} → ${field.ref}`);
    }
  }
});
