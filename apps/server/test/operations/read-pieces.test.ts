// A large read on a read thread (an export's 100,000 variants) is taken over by the main thread a piece at
// a time, with turns of the event loop between pieces: other requests are answered meanwhile, not held
// until the whole result has been taken over. The rows are those a read on the main thread gives.
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Row } from "@libsql/client";
import { describe, expect, inject, it } from "vitest";
import { TimeLimitReached } from "../../src/db/database.ts";
import { openDb } from "../../src/db/open.ts";
import { PIECE_ROWS, startReadThreads } from "../../src/db/read-threads.ts";
import { createToken } from "../../src/services/auth.ts";
import { atEnd } from "../at-end.ts";

const VARIANTS = 100_000;

const dir = mkdtempSync(join(tmpdir(), "mcs-pieces-"));
const file = join(dir, "pieces.db");
copyFileSync(inject("templateDb"), file);
const db = await openDb(`file:${file}`, undefined, { expensiveReads: startReadThreads });
const threads = startReadThreads(file);
atEnd(() => {
  threads.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const { companyId } = await createToken({ db, input: { company: "pieces" } });
const other = await createToken({ db, input: { company: "other" } });
// Names of many lengths, prices and a NULL barcode every seventh variant, a fraction: text, integers,
// reals and NULLs, as an export's stock has them.
await db.execute({
  sql: `INSERT INTO variants (company_id, created_at, updated_at, sku, name, price, barcode)
        WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < ?)
        SELECT ?, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 'SKU-' || n,
               'Variant ' || substr('abcdefghijklmnopqrstuvwxyz', 1 + n % 26), n * 3,
               CASE WHEN n % 7 = 0 THEN NULL ELSE 'B' || n END
        FROM r`,
  args: [VARIANTS, companyId],
});

const STOCK = {
  sql: "SELECT id, sku, name, price, barcode, price / 7.0 AS seventh FROM variants WHERE company_id = ? ORDER BY sku",
  args: [companyId],
};
const argumentsOf = ({ sql, args }: { sql: string; args: unknown[] }) => ({ sql, values: args });

/**
 * Names rows as the server does (an object of the columns), and records the main thread's stretches of
 * naming: the rows named without a turn of the microtask queue between them (one synchronous run).
 */
function recordingNamer() {
  const stretches: number[] = [];
  let inStretch = false;
  /** Called at the first row named. */
  let onFirst: (() => void) | undefined;
  const named = (columns: readonly string[]) => (values: unknown) => {
    if (!inStretch) {
      inStretch = true;
      stretches.push(0);
      queueMicrotask(() => {
        inStretch = false;
      });
      if (stretches.length === 1) onFirst?.();
    }
    stretches[stretches.length - 1]! += 1;
    const cells = Array.isArray(values) ? values : [];
    return Object.fromEntries(columns.map((column, i) => [column, cells[i]])) as Row;
  };
  return {
    named,
    stretches,
    whenFirst(run: () => void) {
      onFirst = run;
    },
  };
}

describe("a read of 100,000 rows on a read thread", () => {
  it("is taken over in pieces, and a request made meanwhile is answered before it", async () => {
    const recorder = recordingNamer();
    const order: string[] = [];
    // Once its first rows are taken over, another company's request comes in.
    recorder.whenFirst(() => {
      setImmediate(async () => {
        const [count] = await db.read([
          { sql: "SELECT count(*) AS n FROM variants WHERE company_id = ?", args: [other.companyId] },
        ]);
        order.push(`other company answered: ${count!.rows[0]!.n} variants`);
      });
    });
    const [rows] = await threads.read([argumentsOf(STOCK)], Number.POSITIVE_INFINITY, recorder.named);
    order.push("read answered");
    expect(order).toEqual(["other company answered: 0 variants", "read answered"]);
    expect(rows).toHaveLength(VARIANTS);
    // No stretch of the main thread names more than a piece's rows.
    expect(Math.max(...recorder.stretches)).toBeLessThanOrEqual(PIECE_ROWS);
    expect(recorder.stretches.length).toBeGreaterThanOrEqual(VARIANTS / PIECE_ROWS);
    expect(recorder.stretches.reduce((sum, n) => sum + n, 0)).toBe(VARIANTS);
  });

  it("answers the rows, their order and their types that a read on the main thread does", async () => {
    const [onMain] = await db.read([STOCK]);
    const [apart] = await db.readExpensive!([STOCK]);
    expect(apart!.rows).toHaveLength(VARIANTS);
    expect(apart!.rows).toEqual(onMain!.rows);
    expect(apart!.columns).toEqual(["id", "sku", "name", "price", "barcode", "seventh"]);
    const seventh = apart!.rows.find((row) => row.barcode === null)!;
    expect(typeof seventh.id).toBe("number");
    expect(typeof seventh.seventh).toBe("number");
  });

  it("keeps each statement's rows apart in a read of several, on one snapshot", async () => {
    const count = {
      sql: "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 4500) SELECT n FROM r",
      args: [],
    };
    const onMain = await db.read([STOCK, count, STOCK]);
    const apart = await db.readExpensive!([STOCK, count, STOCK]);
    expect(apart.map((result) => result.rows.length)).toEqual([VARIANTS, 4500, VARIANTS]);
    for (const [i, result] of apart.entries()) expect(result.rows).toEqual(onMain[i]!.rows);
  });

  it("fails with the error a read on the main thread gives when a row past its first pieces fails", async () => {
    // Past the first pieces' rows, a value that is not JSON.
    const failing = {
      sql: `WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < ${5 * PIECE_ROWS})
            SELECT CASE WHEN n > ${3 * PIECE_ROWS} THEN json('not json') ELSE n END AS v FROM r`,
      args: [],
    };
    const onMain = await db.read([failing]).catch((error: Error) => error.message);
    expect(onMain).toMatch(/JSON/);
    await expect(db.readExpensive!([failing])).rejects.toThrow(onMain as string);
    // The next read is answered in full.
    const [again] = await db.readExpensive!([STOCK]);
    expect(again!.rows).toHaveLength(VARIANTS);
  });

  it("is refused at its time limit while its pieces come, and what came of it is dropped", async () => {
    // Millions of rows: pieces come until the limit stops it.
    const streaming = {
      sql: "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 50000000) SELECT n FROM r",
      values: [],
    };
    const recorder = recordingNamer();
    const total = () => recorder.stretches.reduce((sum, n) => sum + n, 0);
    let namedWhenRefused = -1;
    const refused = threads.read([streaming], 200, recorder.named).catch((error: unknown) => {
      namedWhenRefused = total();
      return error;
    });
    expect(await refused).toBeInstanceOf(TimeLimitReached);
    await threads.settled();
    // A full read after it, over many turns of the event loop: no row of the refused one is named meanwhile.
    const [rows] = await threads.read([argumentsOf(STOCK)], Number.POSITIVE_INFINITY, recordingNamer().named);
    expect(rows).toHaveLength(VARIANTS);
    expect(total()).toBe(namedWhenRefused);
  });
});

describe("a small read on a read thread (a page of a list)", () => {
  it("is taken over at once, in one stretch", async () => {
    const recorder = recordingNamer();
    const page = { sql: `${STOCK.sql} LIMIT 50`, values: STOCK.args };
    const [rows] = await threads.read([page], Number.POSITIVE_INFINITY, recorder.named);
    expect(rows).toHaveLength(50);
    expect(recorder.stretches).toEqual([50]);
  });
});
