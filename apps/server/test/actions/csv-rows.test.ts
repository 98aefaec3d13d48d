// A CSV file as the imports and feed fetches read it (`csvRows`): whatever pieces its bytes arrive in,
// every record has the header's cells (a short one ends in empty cells, a long one's extra cells are
// left out), and a record never takes cells of the line after it.
import { describe, expect, it } from "vitest";
import { csvRows } from "../../src/services/imports/csv-rows.ts";
import { streamOf } from "../streams.ts";

async function rowsOf(text: string, size = 7, separator?: string): Promise<string[][]> {
  const all: string[][] = [];
  for await (const rows of csvRows(streamOf(text, size), { separator })) all.push(...rows);
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

  it("ends each record at LF, CRLF or a CR alone, whatever the file mixes, in any pieces", async () => {
    const expected = [
      ["sku", "quantity", "notes"],
      ["A-1", "4", "first"],
      ["B-1", "7", "second"],
      ["C-1", "2", "line\r\nbreak"],
    ];
    const files = [
      'sku,quantity,notes\r\nA-1,4,first\nB-1,7,second\nC-1,2,"line\r\nbreak"\n',
      'sku,quantity,notes\nA-1,4,first\r\nB-1,7,second\rC-1,2,"line\r\nbreak"\r\n',
      'sku,quantity,notes\rA-1,4,"first"\r\nB-1,7,"second"\rC-1,2,"line\r\nbreak"',
    ];
    for (const file of files) {
      for (const size of [1, 2, 5, 4096])
        expect(await rowsOf(file, size), `${JSON.stringify(file)} in pieces of ${size}`).toEqual(expected);
    }
  });

  it("refuses a quoted cell with text after its closing quote, naming the line", async () => {
    await expect(rowsOf('sku,quantity\nA-1,4\n"A"B,7\n')).rejects.toThrow(
      "The file could not be read as CSV: a quote or a separator is out of place (line 3).",
    );
    // A quote inside an unquoted cell is a character like another, and two quotes in a quoted one are one.
    expect(await rowsOf('sku,notes\nA"1,"say ""hi"""\n')).toEqual([
      ["sku", "notes"],
      ['A"1', 'say "hi"'],
    ]);
  });

  it("tells the separator from the header outside its quoted cells", async () => {
    expect(await rowsOf('sku,quantity,"notes; internal"\nA-1,4,x\n')).toEqual([
      ["sku", "quantity", "notes; internal"],
      ["A-1", "4", "x"],
    ]);
    expect(await rowsOf('"sku,code";quantity\nA-1;4\n')).toEqual([
      ["sku,code", "quantity"],
      ["A-1", "4"],
    ]);
  });

  it("reads a separator of several characters whole: one of its characters alone is a cell's, in any pieces", async () => {
    const file =
      'id||name||quantity\nA||Red|Blue||5\r\n\nB||"say ""x||y"""||7||extra\rC||a"b|c\n"D\n||E"||2||Mug|\n|F||||\n';
    for (const size of [1, 2, 5, 4096]) {
      expect(await rowsOf(file, size, "||"), `pieces of ${size}`).toEqual([
        ["id", "name", "quantity"],
        ["A", "Red|Blue", "5"],
        ["B", 'say "x||y"', "7"],
        ["C", 'a"b|c', ""],
        ["D\n||E", "2", "Mug|"],
        ["|F", "", ""],
      ]);
    }
    // A file of one column, and a separator of three characters whose first is a comma.
    for (const size of [1, 2, 5, 4096]) {
      expect(await rowsOf("sku\nA,1\nB\n", size, "::"), `pieces of ${size}`).toEqual([
        ["sku"],
        ["A,1"],
        ["B"],
      ]);
      expect(await rowsOf("a,;;b,;;c\n1,;;2,,;;3;;4\n,,,\n", size, ",;;"), `pieces of ${size}`).toEqual([
        ["a", "b", "c"],
        ["1", "2,", "3;;4"],
        [",,,", "", ""],
      ]);
    }
  });
});
