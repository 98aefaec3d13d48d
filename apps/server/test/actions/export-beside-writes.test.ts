// An export beside other companies' writes: its stock is read apart and its file written out of the
// write queue, a slice of rows at a time, so that a write another company makes meanwhile is answered
// before the export is; and the file is, byte for byte, the table written out at once.
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import type { Db } from "../../src/db/database.ts";
import { memoryFileStore } from "../../src/db/file-store.ts";
import { csvText } from "../../src/domain/csv-text.ts";
import { ROWS_PER_SLICE, tableBytes } from "../../src/services/actions/exports.ts";
import { createToken } from "../../src/services/auth.ts";
import { backgroundCtx } from "../../src/services/background.ts";
import { buildDataExport } from "../../src/services/data-exports.ts";
import { type Api, apiOf, freshDb } from "../support.ts";

/** Variants of one export: many slices of rows. */
const VARIANTS = 15 * ROWS_PER_SLICE;

/**
 * Adds `count` variants to the company straight in SQL (the API would take minutes for as many), their
 * names with what a CSV file quotes or escapes: commas and quotes, and a formula.
 */
async function manyVariants(db: Db, companyId: number, count: number): Promise<void> {
  await db.execute({
    sql: `INSERT INTO variants (company_id, created_at, updated_at, sku, name)
          WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < ?)
          SELECT ?, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 'SKU-' || n,
            CASE n % 3 WHEN 0 THEN 'Shirt, "blue" ' || n WHEN 1 THEN '=1+' || n ELSE 'Hat ' || n END
          FROM r`,
    args: [count, companyId],
  });
}

const HEADERS = ["sku", "name", "onHand", "allocated", "available"];

/** The company's variants in a stock export's default columns (no stock anywhere), in SKU order. */
async function defaultRows(db: Db, companyId: number): Promise<unknown[][]> {
  const read = await db.execute({
    sql: "SELECT sku, name FROM variants WHERE company_id = ? ORDER BY sku",
    args: [companyId],
  });
  return read.rows.map((row) => [row.sku, row.name, 0, 0, 0]);
}

/** The stored file an export's data export links to: its bytes, and the checksum stored with it. */
async function storedFile(db: Db, api: Api, url: string) {
  const response = await api.request("GET", url);
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const id = Number(new URL(url, "http://localhost").pathname.split("/")[2]);
  const row = await db.execute({ sql: "SELECT checksum FROM stored_files WHERE id = ?", args: [id] });
  return { bytes, text: new TextDecoder().decode(bytes), checksum: row.rows[0]!.checksum };
}

/** Runs `work`, noting its name in `answered` once it is answered. */
function noting<T>(answered: string[], name: string, work: Promise<T>): Promise<T> {
  return work.then((answer) => {
    answered.push(name);
    return answer;
  });
}

/** A turn of the event loop: work begun before it is under way. */
const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

/** An app over a database of its own, a company with `VARIANTS` variants, and a factory of others. */
async function largeExport(threads: boolean) {
  const db = await freshDb({ threads });
  const fileStore = memoryFileStore();
  const app = createApp({ db, tokenCacheMs: 0, fileStore });
  const company = async (name: string) => {
    const { token, companyId } = await createToken({ db, input: { company: `${name}-${Math.random()}` } });
    return { companyId, api: apiOf((path, init) => app.request(path, init), token) };
  };
  const exporter = await company("exporter");
  await manyVariants(db, exporter.companyId, VARIANTS);
  return { db, fileStore, company, exporter, expected: await defaultRows(db, exporter.companyId) };
}

describe.each([
  { runtime: "with read threads (the Node server)", threads: true },
  { runtime: "without read threads (Deno)", threads: false },
])("a large export $runtime", ({ threads }) => {
  let setup: Awaited<ReturnType<typeof largeExport>>;
  beforeAll(async () => {
    setup = await largeExport(threads);
  });

  it("answers another company's write made while it is made before the export itself, and the file is the table written at once", async () => {
    const { db, company, exporter, expected } = setup;
    const other = await company("other");
    const definition = await exporter.api.json("POST", "/inventory-exports.json", {
      name: "Everything",
      format: "csv",
    });
    const answered: string[] = [];
    const exporting = noting(
      answered,
      "export",
      exporter.api.json("GET", `/inventory-exports/${definition.body.id}/export.json`),
    );
    await turn();
    const writing = noting(
      answered,
      "other company's write",
      other.api.json("POST", "/carriers.json", { name: "Written meanwhile" }),
    );
    const [exported, written] = await Promise.all([exporting, writing]);
    expect(written.status).toBe(200);
    expect(exported.status, JSON.stringify(exported.body)).toBe(200);
    expect(answered).toEqual(["other company's write", "export"]);

    expect(exported.body).toMatchObject({ status: "complete", rowCount: VARIANTS });
    const file = await storedFile(db, exporter.api, exported.body.url);
    expect(file.text).toBe(csvText([HEADERS, ...expected]));
    expect(file.text).toContain('SKU-3,"Shirt, ""blue"" 3",0,0,0\r\n');
    expect(file.text).toContain("SKU-1,'=1+1,0,0,0\r\n");
    expect(exported.body.byteSize).toBe(file.bytes.byteLength);
    expect(file.checksum).toBe(bytesToHex(sha256(file.bytes)));
  }, 60_000);

  it("is made again from a fresh read when its settings change while it is made: the file has them", async () => {
    const { db, exporter } = setup;
    const definition = await exporter.api.json("POST", "/inventory-exports.json", {
      name: "Renamed column",
      format: "csv",
    });
    const field = await exporter.api.json("POST", "/inventory-export-fields.json", {
      inventoryExportId: definition.body.id,
      source: "sku",
      position: 1,
      header: "Old header",
    });
    expect(field.status).toBe(200);
    const answered: string[] = [];
    const exporting = noting(
      answered,
      "export",
      exporter.api.json("GET", `/inventory-exports/${definition.body.id}/export.json`),
    );
    await turn();
    const renaming = noting(
      answered,
      "header renamed",
      exporter.api.json("PUT", `/inventory-export-fields/${field.body.id}.json`, { header: "New header" }),
    );
    const [exported, renamed] = await Promise.all([exporting, renaming]);
    expect(renamed.status).toBe(200);
    expect(answered).toEqual(["header renamed", "export"]);
    expect(exported.status, JSON.stringify(exported.body)).toBe(200);
    const file = await storedFile(db, exporter.api, exported.body.url);
    expect(file.text.slice(0, file.text.indexOf("\r\n"))).toBe("New header");
    expect(exported.body.rowCount).toBe(VARIANTS);
    // One export made, one file kept: the attempt given up stored no record.
    const made = await exporter.api.json(
      "GET",
      `/data-exports.json?where[inventoryExportId]=${definition.body.id}`,
    );
    expect(made.body.map((record: { id: number }) => record.id)).toEqual([exported.body.id]);
  }, 60_000);

  it("builds a pending data export in the background beside another company's write, its JSON file the array written at once", async () => {
    const { db, fileStore, company, exporter, expected } = setup;
    const other = await company("other");
    const created = await exporter.api.json("POST", "/data-exports.json", { format: "json" });
    expect(created.status).toBe(200);
    const ctx = backgroundCtx(
      { db, fileStore, policy: { allowLocal: false }, now: () => Date.now() },
      exporter.companyId,
    );
    const answered: string[] = [];
    const building = noting(
      answered,
      "data export",
      buildDataExport(ctx, created.body.id, "inventory_levels"),
    );
    await turn();
    const writing = noting(
      answered,
      "other company's write",
      other.api.json("POST", "/carriers.json", { name: "Written meanwhile" }),
    );
    const [, written] = await Promise.all([building, writing]);
    expect(written.status).toBe(200);
    expect(answered).toEqual(["other company's write", "data export"]);

    const done = await exporter.api.json("GET", `/data-exports/${created.body.id}.json`);
    expect(done.body).toMatchObject({ status: "complete", format: "json", rowCount: VARIANTS });
    const file = await storedFile(db, exporter.api, done.body.url);
    const objects = expected.map((row) => Object.fromEntries(HEADERS.map((header, i) => [header, row[i]])));
    expect(file.text).toBe(JSON.stringify(objects));
    expect(done.body.byteSize).toBe(file.bytes.byteLength);
    expect(file.checksum).toBe(bytesToHex(sha256(file.bytes)));
    const events = await exporter.api.json("GET", `/events.json?where[type]=data_export.completed&limit=250`);
    expect(events.body.filter((event: any) => event.data.object.id === created.body.id)).toHaveLength(1);
  }, 60_000);
});

describe("an export's file written out a slice of rows at a time", () => {
  // Cells as exports hold them (text, numbers, none), text with what CSV quotes or escapes.
  const cell = fc.oneof(
    fc.string({ unit: fc.constantFrom("a", "é", "😀", ",", '"', "\r", "\n", ";", "\t", "=", "+", " ") }),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constant(null),
  );
  const table = fc.integer({ min: 1, max: 4 }).chain((columns) =>
    fc.record({
      headers: fc.array(fc.constantFrom("sku", "Value", "name", '"q"', "a,b"), {
        minLength: columns,
        maxLength: columns,
      }),
      pool: fc.array(fc.array(cell, { minLength: columns, maxLength: columns }), {
        minLength: 1,
        maxLength: 8,
      }),
      // Across the slices' bounds: none, less than one slice, one, and more.
      count: fc.oneof(
        fc.constantFrom(0, 1, ROWS_PER_SLICE - 1, ROWS_PER_SLICE, ROWS_PER_SLICE + 1),
        fc.integer({ min: 0, max: 3 * ROWS_PER_SLICE + 7 }),
      ),
    }),
  );

  it("is the text of the whole table written at once, in CSV (formulas escaped or raw) and in JSON", async () => {
    await fc.assert(
      fc.asyncProperty(table, async ({ headers, pool, count }) => {
        const rows = Array.from({ length: count }, (_, i) => pool[i % pool.length]!);
        const whole = { headers, rows, cells: (row: readonly unknown[]) => row };
        for (const formulas of ["escaped", "raw"] as const) {
          const { body, checksum } = await tableBytes(whole, "csv", formulas);
          const text = csvText([headers, ...rows], { formulas });
          expect(new TextDecoder().decode(body)).toBe(text);
          expect(checksum).toBe(bytesToHex(sha256(new TextEncoder().encode(text))));
        }
        const { body } = await tableBytes(whole, "json", "escaped");
        const keys = headers.map((header, i) => {
          const count = headers.slice(0, i + 1).filter((earlier) => earlier === header).length;
          return count === 1 ? header : `${header} (${count})`;
        });
        const json = JSON.stringify(
          rows.map((row) => Object.fromEntries(keys.map((key, i) => [key, row[i]]))),
        );
        expect(new TextDecoder().decode(body)).toBe(json);
      }),
      { numRuns: 40 },
    );
  }, 60_000);
});
