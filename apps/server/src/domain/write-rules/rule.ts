/**
 * What a write rule is, and the helpers the rules of several areas share.
 */
import type { InStatement, ResultSet } from "@libsql/client";
import { ApiError } from "../../errors.ts";
import type { Ctx } from "../context.ts";
import type { KindName, RecordOf, ValuesOf } from "../store.ts";
import type { WritePlan } from "../write-plan.ts";

export interface WriteRule<N extends KindName> {
  /**
   * Completes and checks the values of a create (`current` undefined) or an update before they are
   * written; answers the values to write. `input` is the body as sent (read-only fields included).
   */
  prepare?(args: {
    ctx: Ctx;
    values: ValuesOf<N>;
    current?: RecordOf<N>;
    input: Record<string, unknown>;
  }): Promise<ValuesOf<N>>;
  /**
   * Whether the rule performs a derived value an update requests (`FieldDef.derived`), in `after`:
   * else a value other than the record's is a 409.
   */
  performs?(field: string, value: unknown, current: RecordOf<N>): boolean;
  /** After a create or update: brings what depends on the record up to date; may answer it anew. */
  after?(args: {
    ctx: Ctx;
    before?: RecordOf<N>;
    record: RecordOf<N>;
    input: Record<string, unknown>;
  }): Promise<RecordOf<N> | undefined>;
  /**
   * A create as a write plan, where the rule has one (`createPlanned`): the reads it needs, sent in one
   * pipeline, then the plan of the record and of everything it brings up to date, computed from what
   * they answered (in `read`'s order). A record it needs that the reads did not find is a `StaleRead`
   * (then a reference the body names is said to be missing, or the write is planned again).
   */
  planCreate?: {
    read(args: { companyId: number; values: ValuesOf<N> }): InStatement[];
    plan(args: {
      ctx: Ctx;
      values: ValuesOf<N>;
      input: Record<string, unknown>;
      read: ResultSet[];
      plan: WritePlan;
    }): RecordOf<N>;
  };
  /** Before a delete: refuses to delete history (409), or undoes what the record held (allocation). */
  beforeDelete?(args: { ctx: Ctx; record: RecordOf<N> }): Promise<void>;
  /** After a delete: brings what depended on the record up to date. */
  afterDelete?(args: { ctx: Ctx; record: RecordOf<N> }): Promise<void>;
}

export type WriteRules = { [N in KindName]?: WriteRule<N> };

export const history = (what: string, fix: string) =>
  new ApiError("conflict", `${what}: it is part of the books. ${fix}`, { rule: "history is kept" });

/** Runs `settle` for the parent of a record before and after a write that may have moved it. */
export async function settleBoth(
  before: number | null | undefined,
  after: number | null | undefined,
  settle: (id: number | null | undefined) => Promise<unknown>,
): Promise<void> {
  if (before && before !== after) await settle(before);
  await settle(after);
}

/** A line's value of `field`: as written now, else as it was. */
export const latest = <T>(sent: T | undefined, current: T | undefined, fallback: T): T =>
  sent !== undefined ? sent : current !== undefined ? current : fallback;
