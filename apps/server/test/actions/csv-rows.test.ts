// A CSV file as the imports and feed fetches read it (`csvRows`): whatever pieces its bytes arrive in,
// every record has the header's cells (a short one ends in empty cells, a long one's extra cells are
// left out), and a record never takes cells of the line after it.
import { describe, expect, it } from "vitest";
import { csvRows } from "../../src/services/imports/csv-rows.ts";
import { streamOf } from "../streams.ts";

async function rowsOf(text: string, size = 7): Promise<string[][]> {
  const all: string[][] = [];
  for await (const rows of csvRows(streamOf(text, size))) all.push(...rows);
  return all;
}

describe("csvRows", () => {
  it("gives a short record empty cells at its end, in the middle or last, in any pieces", async () => {
    const file = "sku,quantity,warehouse\nSKU-1,82,Main\nSKU-2,83\nMUG-1,84,Main\nSKU-3,85\n";
    const expected = [
      ["sku", "quantity", "warehouse"],
      ["SKU-1", "82", "Main"],
      ["SKU-2", "83", ""],
      ["MUG-1", "84", "Main"],
      ["SKU-3", "85", ""],
    ];
    for (const size of [1, 3, 7, 64, 4096])
      expect(await rowsOf(file, size), `pieces of ${size}`).toEqual(expected);
    // Without a line break at the end, with CRLF, and a first record that is one cell short.
    expect(await rowsOf("sku,quantity,warehouse\r\nSKU-1\r\nSKU-2,9")).toEqual([
      ["sku", "quantity", "warehouse"],
      ["SKU-1", "", ""],
      ["SKU-2", "9", ""],
    ]);
  });

  it("leaves out a long record's cells past the header's, and keeps quoted line breaks and separators", async () => {
    const file = 'sku,notes\nSKU-1,a,b,c\nSKU-2,"two\nlines, one cell"\n"SKU-3"\n';
    for (const size of [1, 5, 4096]) {
      expect(await rowsOf(file, size), `pieces of ${size}`).toEqual([
        ["sku", "notes"],
        ["SKU-1", "a"],
        ["SKU-2", "two\nlines, one cell"],
        ["SKU-3", ""],
      ]);
    }
  });

  it("reads a line far longer than a piece whole", async () => {
    const long = "x".repeat(1_000_000);
    expect(await rowsOf(`sku,notes\nSKU-1,${long}\nSKU-2,short\n`, 1024)).toEqual([
      ["sku", "notes"],
      ["SKU-1", long],
      ["SKU-2", "short"],
    ]);
  });
});
