/**
 * What a write rule is, and the plan pieces the rules of several areas share.
 *
 * A rule plans the writes of its kind (`planCreate`, `planUpdate`, `planDelete`): the reads it needs,
 * sent in one pipeline with the record's own, then everything the write changes (the record, the books
 * of its parent, stock) computed from what they answered, as one batch whose guards abort it when
 * anything read has changed since (`services/records.ts` runs them). A verb without a planner is
 * written as a kind without a rule is.
 */
import type { Sql } from "../../db/sql.ts";
import { ApiError, refusedField } from "../../errors.ts";
import type { Ctx } from "../context.ts";
import type { Reads, Snapshot } from "../reads.ts";
import type { KindName, RecordOf, ValuesOf } from "../store.ts";
import type { WritePlan } from "../write-plan.ts";

export interface CreatePlanner<N extends KindName, R extends Reads = Reads> {
  /** What the create reads, by name, from the values sent. */
  reads(args: { values: ValuesOf<N> }): R;
  /**
   * The record and everything it brings up to date, from the snapshot; answers the record as created.
   * A record it needs that the reads did not find is a `StaleRead` (then a reference the body names is
   * said to be missing, or the write is planned again).
   */
  plan(args: {
    ctx: Ctx;
    values: ValuesOf<N>;
    input: Record<string, unknown>;
    read: Snapshot<R>;
    plan: WritePlan;
  }): RecordOf<N>;
}

export interface UpdatePlanner<N extends KindName, R extends Reads = Reads> {
  /**
   * The fields whose change the planner is for: an update that sends none of them is stored as for a
   * kind without a rule (no read before its write). Absent: every update is planned.
   */
  readonly fields?: readonly (keyof ValuesOf<N> & string)[];
  /**
   * What the update reads beside the record (read in the same pipeline, so they know only its id and
   * the values sent: what the record names is reached by subquery, `fieldOf`).
   */
  reads(args: { id: number; values: ValuesOf<N> }): R;
  /**
   * Sets `values` on `current` (with `plan.update`, which guards it) and plans what depends on it;
   * answers the record as updated. `values` hold a requested state's transition already.
   */
  plan(args: {
    ctx: Ctx;
    values: ValuesOf<N>;
    current: RecordOf<N>;
    input: Record<string, unknown>;
    read: Snapshot<R>;
    plan: WritePlan;
  }): RecordOf<N>;
}

export interface DeletePlanner<N extends KindName, R extends Reads = Reads> {
  /** What the delete reads beside the record (see `UpdatePlanner.reads`). */
  reads(args: { id: number }): R;
  /**
   * Refuses to delete history (409), or plans what the delete undoes or settles (an allocation, a
   * parent's books). The record (as read, held) and what it owns are deleted by the caller.
   */
  plan(args: { ctx: Ctx; current: RecordOf<N>; read: Snapshot<R>; plan: WritePlan }): void;
}

/** A create planner, its snapshot's type kept where it is written and erased in the rule map. */
export const creates = <N extends KindName, R extends Reads>(planner: CreatePlanner<N, R>) =>
  planner as CreatePlanner<N>;
/** An update planner (see `creates`). */
export const updates = <N extends KindName, R extends Reads>(planner: UpdatePlanner<N, R>) =>
  planner as UpdatePlanner<N>;
/** A delete planner (see `creates`). */
export const deletes = <N extends KindName, R extends Reads>(planner: DeletePlanner<N, R>) =>
  planner as DeletePlanner<N>;

/**
 * The 422 of an update that sets back to `pending` a record whose work its create did (a reported level
 * applied, a pushed payload processed): `pending` says the work waits, and nothing would do it. `again`
 * says what to do instead.
 */
export function checkNotPendingAgain(to: string | undefined, from: string, again: string): void {
  if (to === "pending" && from !== "pending") {
    throw refusedField("status", `cannot be set back to pending: ${again}`);
  }
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

/** A record named by its id, or by SQL answering it (what the record being written names: `fieldOf`). */
export type Named = number | Sql;
