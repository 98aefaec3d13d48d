import assert from "node:assert/strict";
import * as v from "valibot";
import { kindByName, kindSchemas, kinds } from "../src/index.ts";

const schemasOf = (name: string) => kindSchemas(kindByName(name)!);
const issuePaths = (result: v.SafeParseResult<v.GenericSchema>) =>
  (result.issues ?? []).map((issue) => issue.path?.map((item) => item.key).join(".")).sort();

Deno.test("every kind has create, update and record validators", () => {
  for (const kind of kinds) {
    const { create, update, record } = kindSchemas(kind);
    assert.ok(create && update && record, kind.name);
    assert.equal(v.safeParse(update, {}).success, true, `${kind.name}: an empty update is valid`);
  }
});

Deno.test("create accepts a valid body and fills nothing it was not given", () => {
  const { create } = schemasOf("carrier");
  const result = v.safeParse(create, { name: "Parcel Express", carrierType: "courier" });
  assert.equal(result.success, true);
  assert.deepEqual(result.output, { name: "Parcel Express", carrierType: "courier" });
});

Deno.test("create rejects missing required fields, wrong types, bad enum values and unknown fields", () => {
  const { create } = schemasOf("customer");
  assert.deepEqual(issuePaths(v.safeParse(create, {})), ["email"]);
  assert.deepEqual(issuePaths(v.safeParse(create, { email: 42, status: "sleeping" })), ["email", "status"]);
  const unknown = v.safeParse(create, { email: "ada@example.com", colour: "red" });
  assert.equal(unknown.success, false);
  assert.deepEqual(issuePaths(unknown), ["colour"]);
});

Deno.test("money takes at most two decimals; integers must be whole", () => {
  const { create } = schemasOf("purchase-item");
  const base = { purchaseId: 1, sku: "MUG-1", quantity: 2, price: 3.1 };
  assert.equal(v.safeParse(create, base).success, true);
  assert.deepEqual(issuePaths(v.safeParse(create, { ...base, price: 3.105 })), ["price"]);
  assert.deepEqual(issuePaths(v.safeParse(create, { ...base, quantity: 1.5 })), ["quantity"]);
  assert.deepEqual(issuePaths(v.safeParse(create, { ...base, purchaseId: 0 })), ["purchaseId"]);
});

Deno.test("update takes any subset, and ignores what a client read back (id, timestamps)", () => {
  const { update } = schemasOf("carrier");
  assert.equal(v.safeParse(update, { name: "Courier Co" }).success, true);
  const readBack = {
    id: 3,
    createdAt: "2024-01-01T00:00:00.000Z",
    updatedAt: "2024-01-02T00:00:00.000Z",
    name: "Courier Co",
  };
  assert.equal(v.safeParse(update, readBack).success, true);
  assert.equal(v.safeParse(update, { name: 5 }).success, false);
});
