// A row is read into its record by a function made for its table where the runtime makes functions from
// code (Node, Deno), field by field elsewhere (a Worker): the two must answer the same record, field for
// field and in the same order, for every kind, its whole table or some of its fields.
import { kinds } from "@multichannel/schema";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anyRecord, toRecord } from "../../src/db/rows.ts";
import { type Column, tableFor } from "../../src/db/tables.ts";
import { narrowed } from "../../src/domain/store.ts";

/** A value a column may hold as stored: null, or one of its type's stored forms. */
function storedValue(column: Column): fc.Arbitrary<unknown> {
  const stored = ((): fc.Arbitrary<unknown> => {
    switch (column.def.type) {
      case "integer":
      case "ref":
      case "number":
      case "money":
        return fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
      case "boolean":
        return fc.constantFrom(0, 1);
      case "array":
      case "object":
      case "map":
      case "json":
        return fc.jsonValue().map((value) => JSON.stringify(value));
      default:
        return column.def.secret
          ? fc.tuple(fc.integer({ min: 0, max: 4 }), fc.string()).map(([n, rest]) => `v1:${n}${rest}`)
          : fc.string();
    }
  })();
  return fc.option(stored, { nil: null });
}

describe("a row read into its record", () => {
  it("answers the same record made from code as field by field, for every kind", () => {
    for (const kind of kinds) {
      const table = tableFor(kind);
      const row = fc.record({
        id: fc.integer({ min: 1 }),
        created_at: fc.constant("2026-12-01T10:00:00.000Z"),
        updated_at: fc.constant("2026-12-01T11:00:00.000Z"),
        company_id: fc.integer({ min: 1 }),
        ...Object.fromEntries(table.columns.map((column) => [column.name, storedValue(column)])),
      });
      const fields = fc.subarray(table.columns.map((column) => column.field));
      fc.assert(
        fc.property(row, fields, (values, some) => {
          for (const read of [table, narrowed(table, some)]) {
            const made = toRecord(read, values);
            const byField = anyRecord(read, values);
            expect(Object.keys(made), kind.name).toEqual(Object.keys(byField));
            expect(made, kind.name).toEqual(byField);
          }
        }),
        { numRuns: 20 },
      );
    }
  });
});
