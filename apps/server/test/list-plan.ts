import type { InStatement } from "@libsql/client";
import type { KindDef } from "@multichannel/schema";
import { expect } from "vitest";
import type { Db } from "../src/db/database.ts";
import type { Ctx } from "../src/domain/context.ts";
import { keyringOf } from "../src/domain/secrets.ts";
import { parseListQuery } from "../src/services/list-query.ts";
import { listRecords } from "../src/services/records.ts";
import { freshDb } from "./support.ts";

/** The company whose records `grownDb` writes (its `SELECT`s name it `?1`). */
export const GROWN_COMPANY = 1;

/**
 * A database of its own holding many records, written in one batch by `INSERT ... SELECT`s over
 * `generate_series`, each bound to the company (`?1`) and a creation time (`?2`).
 */
export async function grownDb(inserts: readonly string[]): Promise<Db> {
  const db = await freshDb();
  const args = [GROWN_COMPANY, "2026-01-01T00:00:00.000Z"];
  await db.write((session) => session.apply(inserts.map((sql) => ({ sql, args }))));
  return db;
}

/**
 * How the planner reads the statement that lists `query` (a list's query string) of `kind` in the
 * records of company `companyId` (`listRecords`, which must find some): a step a line.
 */
export async function listPlan(db: Db, kind: KindDef, query: string, companyId: number): Promise<string[]> {
  const statements: InStatement[] = [];
  const recording = {
    execute: (statement: InStatement) => {
      statements.push(statement);
      return db.execute(statement);
    },
  };
  const parsed = parseListQuery(kind, query, await keyringOf(new Uint8Array(32)), companyId);
  // The list reads through `ctx.db` and the company only.
  const ctx = { db: recording, companyId } as Ctx;
  const { records } = await listRecords({ ctx, kind, query: parsed });
  expect(records.length, query).toBeGreaterThan(0);
  expect(statements, query).toHaveLength(1);
  const [statement] = statements;
  const { sql, args } = typeof statement === "string" ? { sql: statement, args: [] } : statement!;
  const plan = await db.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args });
  return plan.rows.map((row) => String(row.detail));
}
