import { stringify } from "csv-stringify/browser/esm/sync";

/**
 * Rows as the CSV text of the files the service writes (exports, the files of failed and skipped
 * rows, purchase orders), as RFC 4180 has it: CRLF between records, and a field holding a line break (a
 * lone `\n` or `\r` too), a comma or a quote quoted. A text cell a spreadsheet would run as a formula
 * gets a leading `'` (which the imports read away again), unless `formulas` is `"raw"`; and a field
 * holding a semicolon or a tab is quoted too: a spreadsheet whose list separator is `;` (as in much of
 * Europe) would split it there, and a piece starting with `=` would run as a formula of its own.
 */
export function csvText(
  rows: readonly (readonly unknown[])[],
  { formulas = "escaped" }: { formulas?: "escaped" | "raw" } = {},
): string {
  return stringify(
    rows.map((row) => [...row]),
    { record_delimiter: "\r\n", quoted_match: /[\r\n;\t]/, escape_formulas: formulas !== "raw" },
  );
}
