/**
 * How a fetched feed file becomes feed items: its rows (CSV, as they are parsed) or objects (JSON, read
 * whole) read with the feed's own settings, each turned into the form the feed's webhook takes
 * (`externalId`, `vendorSku`, `inventoryQuantity`, ...) by one function (`feedRowOf`), so that the
 * one planner of feed items (`planParseFeedItem`) applies them.
 */
import type {
  InventoryFeed,
  InventoryFeedField,
  InventoryFeedJsonField,
  InventoryFeedMapping,
} from "@multichannel/schema";
import { quotedCell } from "./failures.ts";
import { kind } from "./store.ts";

/** The attribute a feed column or JSON path fills (`inventory-feed-field.target`). */
type Target = InventoryFeedField["target"];

/** A file the feed's settings cannot read: the feed file records the reason as its `errorMessage`. */
export class FeedFileError extends Error {}

/** What the feed reads a file with, besides the feed itself. */
export interface FeedSettings {
  fields: readonly InventoryFeedField[];
  jsonFields: readonly InventoryFeedJsonField[];
  mappings: readonly InventoryFeedMapping[];
}

/**
 * One item as a file gave it, in the webhook's names and still unchecked. `row`: its place in the file,
 * as a data import numbers rows (a CSV file's lines, the header row 1 and empty lines not counted; a JSON
 * file's items, from 1). `cells`: where each of its values was read, by the webhook's name.
 */
export interface FeedRow {
  row: number;
  values: Record<string, unknown>;
  cells: Record<string, Cell>;
}

/** Where a value was read: its column as the file names it (or its JSON path), and its text there. */
export interface Cell {
  column: string;
  text: string;
}

/** A column or path and the attribute it fills (a `Target`), in the feed's order. */
interface Source {
  key: string;
  target: string;
  defaultValue: string | null;
}

/**
 * What is wrong with a row, as its file says it (`row 3: Stock "2,5" must be an integer`): its number,
 * and the column and cell of the value refused (`error.path`, in the webhook's names).
 */
export function rowProblem(row: FeedRow, error: { path: string; message: string }): string {
  const cell = row.cells[error.path];
  const message = error.message.replace(/\.$/, "");
  if (!cell) return `row ${row.row}: ${error.path} ${message}`;
  const text = quotedCell(cell.text);
  return `row ${row.row}: ${cell.column}${text ? ` "${text}"` : ""} ${message}`;
}

/**
 * The sources of a feed without columns or paths of its own: each attribute a column or path can fill
 * (the manifest's `inventory-feed-field.target`), read from the column or key of its name.
 */
function attributeSources(): Source[] {
  const targets = kind("inventory-feed-field").fields.target?.values ?? [];
  return targets.map((target) => ({ key: target, target, defaultValue: null }));
}

/** Why a file of no text but spaces and line breaks is not read, in a data import's words. */
const EMPTY_FILE = "The file is empty.";

/** Throws `FeedFileError` for a feed whose files are not read (its format is XML). */
export function checkReadable(feed: InventoryFeed): void {
  if (feed.format === "xml") {
    throw new FeedFileError("XML feeds are not read: set the feed's format to csv or json.");
  }
}

/**
 * One item of a feed file, from its values by target (`record`): its values put in the webhook's
 * names, numbers read in the feed's `decimalNotation`, option names and values rewritten by its
 * mappings; none when `includeTags` and `excludeTags` leave it out. The one place a row of either
 * format becomes an item.
 */
function feedRowOf(
  feed: InventoryFeed,
  mappings: readonly InventoryFeedMapping[],
  record: TargetValues,
  row: number,
): FeedRow | undefined {
  const include = feed.includeTags ?? [];
  const exclude = feed.excludeTags ?? [];
  const tags = record.values.get("tag") ?? [];
  if (include.length && !tags.some((tag) => include.includes(tag))) return undefined;
  if (tags.some((tag) => exclude.includes(tag))) return undefined;
  return { row, ...itemValues(feed, mappings, record) };
}

/**
 * A row's values by target (a target filled by several columns, tags among them, keeps each), and the
 * cell each target's first value came from (else the first column that could fill it, empty).
 */
interface TargetValues {
  values: Map<string, string[]>;
  cells: Map<string, Cell>;
}

const targetValues = (): TargetValues => ({ values: new Map(), cells: new Map() });

function put(record: TargetValues, target: string, value: string | null | undefined, column: string): void {
  const text = value?.trim();
  if (!text) {
    if (!record.cells.has(target)) record.cells.set(target, { column, text: "" });
    return;
  }
  const values =
    target === "tag"
      ? text
          .split(",")
          .map((tag) => tag.trim())
          .filter(Boolean)
      : [text];
  if (!record.values.has(target)) record.cells.set(target, { column, text });
  record.values.set(target, [...(record.values.get(target) ?? []), ...values]);
}

/** A column or path's value, or its default when it is empty or missing. */
function cellOrDefault(source: Source, value: unknown): string | null {
  const text = value === undefined || value === null ? "" : String(value);
  return text.trim() ? text : source.defaultValue;
}

// ----------------------------------------------------------------------------------------------- CSV

/** What reads a CSV feed file's rows, one at a time as they are parsed (`csvRows`, with the feed's separator). */
export interface CsvFeedReader {
  /**
   * The item of the next row: none for the header (when the feed's files have one), a blank row or
   * one the tags leave out. `FeedFileError` when the header lacks a column the feed reads.
   */
  row(cells: readonly string[]): FeedRow | undefined;
  /**
   * The file has ended: `FeedFileError` when it had no row but blank ones (an empty file is no list of
   * items, so the fetch ends without the cleanup setting every item of the feed to 0 units).
   */
  end(): void;
}

/** Reads a CSV file's rows with the feed's columns (by header name or number) and settings. */
export function csvFeedReader(feed: InventoryFeed, settings: FeedSettings): CsvFeedReader {
  const hasHeader = feed.csvHasHeader !== false;
  let columns: CsvColumn[] | undefined;
  // Rows as a data import numbers them: every line the parser gives (empty lines are not), the header 1.
  let rows = 0;
  return {
    row(cells) {
      rows += 1;
      if (cells.every((cell) => cell.trim() === "")) return undefined;
      if (!columns) {
        columns = csvColumns(settings, hasHeader ? cells.map((name) => name.trim()) : [], cells.length);
        if (hasHeader) return undefined;
      }
      const record = targetValues();
      for (const { source, index, name } of columns) {
        const cell = index === undefined ? undefined : cells[index];
        put(record, source.target, cellOrDefault(source, cell), name);
      }
      return feedRowOf(feed, settings.mappings, record, rows);
    },
    end() {
      if (!columns) throw new FeedFileError(EMPTY_FILE);
    },
  };
}

/**
 * A column the feed reads, where it is in the file's rows (none: its default fills it), and its name as
 * the file's header gives it (without a header, `column 3`; not in the file, as the feed names it).
 */
interface CsvColumn {
  source: Source;
  index: number | undefined;
  name: string;
}

/**
 * The feed's columns found in a file of `width` columns by its `header` (none: by number); `FeedFileError`
 * for one missing.
 */
function csvColumns(settings: FeedSettings, header: readonly string[], width: number): CsvColumn[] {
  const sources: Source[] = settings.fields.length
    ? settings.fields.map((field) => ({
        key: field.column,
        target: field.target,
        defaultValue: field.defaultValue,
      }))
    : attributeSources();
  const columns = sources.map((source) => {
    const index = columnIndex(source.key, header, width);
    const name = index === undefined ? source.key : header[index] ? header[index] : `column ${index + 1}`;
    return { source, index, name };
  });
  const missing = settings.fields.length
    ? columns.filter((column) => column.index === undefined && column.source.defaultValue === null)
    : [];
  if (missing.length) {
    throw new FeedFileError(
      `The file has no column ${missing.map((column) => JSON.stringify(column.source.key)).join(", ")}.`,
    );
  }
  return columns;
}

/**
 * A column by its header (case and spacing aside), else by its 1-based number among the file's `width`
 * columns; undefined if neither.
 */
function columnIndex(key: string, header: readonly string[], width: number): number | undefined {
  const wanted = key.trim().toLowerCase();
  const named = header.findIndex((name) => name.toLowerCase() === wanted);
  if (named >= 0) return named;
  const number = /^\d+$/.test(wanted) ? Number(wanted) : 0;
  return number >= 1 && number <= width ? number - 1 : undefined;
}

// ---------------------------------------------------------------------------------------------- JSON

/**
 * The items of a JSON feed file, read whole (the fetch bounds its size): a JSON array, or the first
 * array among an object's members, each object's values found by the feed's JSON paths.
 */
export function* jsonFeedRows(
  feed: InventoryFeed,
  settings: FeedSettings,
  text: string,
): Generator<FeedRow, void, undefined> {
  if (!text.trim()) throw new FeedFileError(EMPTY_FILE);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new FeedFileError(`The file is not JSON: ${error instanceof Error ? error.message : error}.`);
  }
  const items = Array.isArray(parsed) ? parsed : firstArrayOf(parsed);
  if (!items)
    throw new FeedFileError("The file holds no array of items (a JSON array, or an object with one).");
  const sources: Source[] = settings.jsonFields.length
    ? settings.jsonFields.map((field) => ({
        key: field.path,
        target: field.target,
        defaultValue: field.defaultValue,
      }))
    : attributeSources();
  for (const [index, item] of items.entries()) {
    const record = targetValues();
    for (const source of sources) {
      const value = pathValue(item, source.key);
      const values = Array.isArray(value) ? value : [value];
      for (const one of values)
        put(record, source.target, cellOrDefault(source, jsonCell(one, feed.decimalNotation)), source.key);
    }
    const row = feedRowOf(feed, settings.mappings, record, index + 1);
    if (row) yield row;
  }
}

function firstArrayOf(value: unknown): unknown[] | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  return Object.values(value).find(Array.isArray);
}

/**
 * A JSON value as a cell of text (none for an object or array). A JSON number writes its decimals with
 * `.` whatever the feed's notation, so a feed of `comma` decimals reads it written with `,`.
 */
function jsonCell(value: unknown, notation: InventoryFeed["decimalNotation"]): string | undefined {
  if (typeof value === "number" && notation === "comma") return String(value).replace(".", ",");
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean"
    ? String(value)
    : undefined;
}

/** The value at a dot path (`stock.available`) within one item. */
function pathValue(item: unknown, path: string): unknown {
  let value = item;
  for (const key of path.split(".")) {
    if (!isObject(value)) return undefined;
    value = value[key];
  }
  return value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

// --------------------------------------------------------------------------------------------- items

/**
 * Plain decimal text in each notation: an optional sign, digits whose thousands may be grouped by threes
 * (with the notation's group separator or a space, the same throughout), and decimals after the
 * notation's decimal separator.
 */
const DECIMAL_TEXT = {
  point: /^[+-]?(?:(?:\d{1,3}(?<group>[,\s])\d{3}(?:\k<group>\d{3})*|\d+)(?:\.\d+)?|\.\d+)$/,
  comma: /^[+-]?(?:(?:\d{1,3}(?<group>[.\s])\d{3}(?:\k<group>\d{3})*|\d+)(?:,\d+)?|,\d+)$/,
};

/**
 * A number as the feed writes it: `1,234.50`, or with comma decimals `1.234,50`. Any other text stays
 * text, for the item's check to refuse as `parse-webhook` refuses it and name its cell: a separator
 * that groups no three digits is most likely the other notation's decimal separator (`2,5` units are
 * not 25), and `Number`'s own forms (`0x10`, `1e3`, `Infinity`) are no supplier's way to write one.
 */
function numberOf(text: string, notation: InventoryFeed["decimalNotation"]): number | string {
  const comma = notation === "comma";
  if (!DECIMAL_TEXT[comma ? "comma" : "point"].test(text)) return text;
  const value = Number(comma ? text.replace(/[.\s]/g, "").replace(",", ".") : text.replace(/[,\s]/g, ""));
  return Number.isFinite(value) ? value : text;
}

/**
 * A row's values in the webhook's names, and the cells they were read from; the feed's mappings applied
 * to option names and values.
 */
function itemValues(
  feed: InventoryFeed,
  mappings: readonly InventoryFeedMapping[],
  record: TargetValues,
): Pick<FeedRow, "values" | "cells"> {
  const first = (target: Target) => record.values.get(target)?.[0];
  const numeric = (target: Target) => {
    const text = first(target);
    return text === undefined ? undefined : numberOf(text, feed.decimalNotation);
  };
  const optionValues = (record.values.get("optionValue") ?? []).map((value) =>
    mapped(mappings, "optionValue", value),
  );
  const sku = first("sku");
  const ownId = first("externalId") ?? sku;
  const externalId =
    feed.externalIdStrategy === "options" && ownId && optionValues.length
      ? `${ownId}-${optionValues.join("-")}`
      : ownId;
  const values: Record<string, unknown> = {
    externalId,
    vendorSku: sku,
    inventoryQuantity: numeric("quantity"),
    externalGroupId: first("externalGroupId"),
    name: first("name") ?? first("productName"),
    barcode: first("barcode"),
    price: numeric("price"),
    costPrice: numeric("costPrice"),
    weight: numeric("weight"),
  };
  // A whole number of units may be written as a decimal (`12.0`); below zero (a supplier's backorders),
  // none to sell. A fraction of a unit (`2.5`) stays as written, for the item's check to refuse, as
  // `parse-webhook` refuses it.
  if (typeof values.inventoryQuantity === "number" && Number.isInteger(values.inventoryQuantity)) {
    values.inventoryQuantity = Math.max(0, values.inventoryQuantity);
  }
  const cellOf = (...targets: Target[]) =>
    targets.map((target) => record.cells.get(target)).find((cell) => cell?.text) ??
    record.cells.get(targets[0]!);
  const cells: Record<string, Cell | undefined> = {
    externalId: cellOf("externalId", "sku"),
    vendorSku: cellOf("sku"),
    inventoryQuantity: cellOf("quantity"),
    externalGroupId: cellOf("externalGroupId"),
    name: cellOf("name", "productName"),
    barcode: cellOf("barcode"),
    price: cellOf("price"),
    costPrice: cellOf("costPrice"),
    weight: cellOf("weight"),
  };
  return {
    values: Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)),
    cells: Object.fromEntries(
      Object.entries(cells).filter((entry): entry is [string, Cell] => entry[1] !== undefined),
    ),
  };
}

/** Whether `text` meets a mapping's match. */
function matches(mapping: InventoryFeedMapping, text: string): boolean {
  const lower = text.toLowerCase();
  const wanted = mapping.transformFrom.map((from) => from.toLowerCase());
  switch (mapping.matchType) {
    case "includes":
      return wanted.some((from) => lower.includes(from));
    case "excludes":
      return wanted.every((from) => !lower.includes(from));
    case "matches":
      return wanted.includes(lower);
    case "startsWith":
      return wanted.some((from) => lower.startsWith(from));
    case "endsWith":
      return wanted.some((from) => lower.endsWith(from));
  }
}

/** An option's name or value as the feed's first matching mapping rewrites it (else as it is). */
export function mapped(
  mappings: readonly InventoryFeedMapping[],
  field: InventoryFeedMapping["field"],
  text: string,
): string {
  const mapping = mappings.find((one) => one.field === field && matches(one, text));
  if (!mapping) return text;
  const to = mapping.transformTo;
  if (mapping.transformType === "capitalize") return to.charAt(0).toUpperCase() + to.slice(1);
  if (mapping.transformType === "humanize") {
    const words = to.replace(/[_-]+/g, " ").trim().toLowerCase();
    return words.charAt(0).toUpperCase() + words.slice(1);
  }
  return to;
}
