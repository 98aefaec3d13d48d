/**
 * What a write rule is, and the plan pieces the rules of several areas share.
 *
 * A rule plans the writes of its kind (`planCreate`, `planUpdate`, `planDelete`): the reads it needs,
 * sent in one pipeline with the record's own, then everything the write changes (the record, the books
 * of its parent, stock) computed from what they answered, as one batch whose guards abort it when
 * anything read has changed since (`services/records.ts` runs them). A verb without a planner is
 * written as a kind without a rule is.
 */
import type { InStatement, InValue, ResultSet } from "@libsql/client";
import { tableFor } from "../../db/tables.ts";
import { ApiError } from "../../errors.ts";
import type { Ctx } from "../context.ts";
import { type KindName, kind, type RecordOf, selectMatching, type ValuesOf } from "../store.ts";
import type { WritePlan } from "../write-plan.ts";

export interface CreatePlanner<N extends KindName> {
  /** The reads the create needs, from the values sent. */
  read(args: { companyId: number; values: ValuesOf<N> }): InStatement[];
  /**
   * The record and everything it brings up to date, from what the reads answered (in `read`'s order);
   * answers the record as created. A record it needs that the reads did not find is a `StaleRead` (then
   * a reference the body names is said to be missing, or the write is planned again).
   */
  plan(args: {
    ctx: Ctx;
    values: ValuesOf<N>;
    input: Record<string, unknown>;
    read: ResultSet[];
    plan: WritePlan;
  }): RecordOf<N>;
}

export interface UpdatePlanner<N extends KindName> {
  /**
   * The reads the update needs beside the record's own (read in the same pipeline, so they may know
   * only its id and the values sent: what the record names is reached by subquery, `ofRecord`).
   */
  read(args: { companyId: number; id: number; values: ValuesOf<N> }): InStatement[];
  /**
   * Sets `values` on `current` (with `plan.update`, which guards it) and plans what depends on it;
   * answers the record as updated. `values` hold a requested state's transition already.
   */
  plan(args: {
    ctx: Ctx;
    values: ValuesOf<N>;
    current: RecordOf<N>;
    input: Record<string, unknown>;
    read: ResultSet[];
    plan: WritePlan;
  }): RecordOf<N>;
}

export interface DeletePlanner<N extends KindName> {
  /** The reads the delete needs beside the record's own (see `UpdatePlanner.read`). */
  read(args: { companyId: number; id: number }): InStatement[];
  /**
   * Refuses to delete history (409), or plans what the delete undoes or settles (an allocation, a
   * parent's books). The record (as read, guarded) and what it owns are deleted by the caller.
   */
  plan(args: { ctx: Ctx; current: RecordOf<N>; read: ResultSet[]; plan: WritePlan }): void;
}

export interface WriteRule<N extends KindName> {
  /**
   * Whether the rule performs a derived value an update requests (`FieldDef.derived`), in its
   * `planUpdate`: else a value other than the record's is a 409.
   */
  performs?(field: string, value: unknown, current: RecordOf<N>): boolean;
  /**
   * Checks the values a create or update sends before anything is read (no database: the URLs the
   * service will call); answers the values to write.
   */
  check?(args: { ctx: Ctx; values: ValuesOf<N>; input: Record<string, unknown> }): Promise<ValuesOf<N>>;
  planCreate?: CreatePlanner<N>;
  planUpdate?: UpdatePlanner<N>;
  planDelete?: DeletePlanner<N>;
}

export type WriteRules = { [N in KindName]?: WriteRule<N> };

export const history = (what: string, fix: string) =>
  new ApiError("conflict", `${what}: it is part of the books. ${fix}`, { rule: "history is kept" });

/** A line's value of `field`: as written now, else as it was. */
export const latest = <T>(sent: T | undefined, current: T | undefined, fallback: T): T =>
  sent !== undefined ? sent : current !== undefined ? current : fallback;

/**
 * A record named by id, or by what record `id` of kind `of` names in its field `via` (the parent of the
 * record being updated, reached by subquery in the same pipeline as the record's own read).
 */
export type Named = number | { of: KindName; id: number; via: string };

/** SQL for the id a `Named` names, with its arguments. */
function idSql(companyId: number, named: Named): { sql: string; args: InValue[] } {
  if (typeof named === "number") return { sql: "?", args: [named] };
  const source = tableFor(kind(named.of));
  const column = source.byField.get(named.via)!.name;
  return {
    sql: `(SELECT ${column} FROM ${source.name} WHERE id = ? AND company_id = ?)`,
    args: [named.id, companyId],
  };
}

/** The SELECT of the records of `kindName` whose `field` (default the id) is the record `named` names. */
export function selectNamed(
  companyId: number,
  kindName: KindName,
  named: Named,
  field = "id",
  extra: { sql: string; args: InValue[] } = { sql: "", args: [] },
): InStatement {
  const target = tableFor(kind(kindName));
  const column = field === "id" ? "id" : target.byField.get(field)!.name;
  const id = idSql(companyId, named);
  return selectMatching(companyId, kindName, `${column} = ${id.sql}${extra.sql}`, [
    ...id.args,
    ...extra.args,
  ]);
}

/** The record a line names in `field` now (`id` of `kindName`, read with `ofRecord`). */
export const ofRecord = (of: KindName, id: number, via: string): Named => ({ of, id, via });
