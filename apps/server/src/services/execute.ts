import type { ResultSet } from "@libsql/client";
import { isExpensive, readApart } from "../db/database.ts";
import { optimistically, StaleRead, whileStale } from "../db/write-guards.ts";
import type { Ctx } from "../domain/context.ts";
import { holdSnapshot, type Reads, readStatements, type Snapshot, snapshotOf } from "../domain/reads.ts";
import { type ResolvedIds, WritePlan } from "../domain/write-plan.ts";
import { type KeptAnswer, keyInUse, keyStatements, type PendingKey } from "./idempotency.ts";

/** An event the write records with its change (an action's outcome). */
export interface OutcomeEvent {
  type: string;
  object: unknown;
  result?: unknown;
}

/** A write: what it reads, and how it plans from what the reads answered. */
export interface PlannedWrite<R extends Reads, T> {
  reads: R;
  /** Plans every write into `plan` from the snapshot; answers the write's result (provisional ids in it). */
  plan(read: Snapshot<R>, plan: WritePlan): T | Promise<T>;
  /** The event of the write's outcome, if it has one. */
  event?(result: T): OutcomeEvent | undefined;
  /** The answer an Idempotency-Key keeps with the write (a key is claimed in the write's batch). */
  kept?(result: T, plan: WritePlan): KeptAnswer;
  /**
   * When the batch found what was read changed: throws the 4xx that explains it, if one does (a
   * reference that names no record of the company); else the write is planned again.
   */
  explain?(): Promise<void>;
}

/** Who writes: the request's context (its database among it), and its Idempotency-Key's first use (if any). */
export interface Writer {
  ctx: Ctx;
  key?: PendingKey | undefined;
}

/**
 * Runs a planned write (see the module's comment); answers its result with the batch's ids.
 *
 * A write with an expensive read (an export's stock) reads it apart (`readApart`) and plans outside the
 * write queue, its file written out there: only its batch waits its turn among the writes (on the
 * embedded database, where the queue is the process's), held by the guards of what it read, and planned
 * again from a fresh read when another writer changed that meanwhile. Any other write reads, plans and
 * applies its batch in one turn of the queue (`Db.write`).
 */
export function executeWrite<R extends Reads, T>({ ctx, key }: Writer, write: PlannedWrite<R, T>) {
  const statements = readStatements(ctx.companyId, write.reads);
  const attempt = async (
    read: () => Promise<ResultSet[]> | ResultSet[],
    apply: (plan: WritePlan) => Promise<ResolvedIds>,
  ) => {
    const plan = new WritePlan(ctx.companyId, ctx.now());
    let keyGuard: number | undefined;
    try {
      const snapshot = snapshotOf(write.reads, await read());
      const result = await write.plan(snapshot, plan);
      holdSnapshot(plan, write.reads, snapshot);
      const event = write.event?.(result);
      if (event) plan.event(event.type, event.object, event.result);
      if (key && write.kept) keyGuard = plan.append(keyStatements(key, write.kept(result, plan)));
      const ids = await apply(plan);
      if (key) key.answered = true;
      return ids.resolve(result);
    } catch (error) {
      if (!(error instanceof StaleRead)) throw error;
      if (keyGuard !== undefined && error.guardIndex === keyGuard) throw keyInUse();
      await write.explain?.();
      throw error;
    }
  };
  if (statements.some(isExpensive)) {
    return whileStale(() =>
      attempt(
        () => readApart(ctx.db, statements),
        async (plan) => {
          await plan.ready();
          return ctx.db.write((session) => plan.apply(session));
        },
      ),
    );
  }
  return optimistically(ctx.db, (session) =>
    attempt(
      () => (statements.length ? session.read(statements) : []),
      (plan) => plan.apply(session),
    ),
  );
}

/**
 * Runs reads that answer without writing (an action that only reads): one pipeline, outside the write
 * queue; `answer` computes from the snapshot.
 */
export async function executeRead<R extends Reads, T>(
  { ctx }: Pick<Writer, "ctx">,
  reads: R,
  answer: (read: Snapshot<R>) => T | Promise<T>,
): Promise<T> {
  const statements = readStatements(ctx.companyId, reads);
  if (!statements.length) return answer(snapshotOf(reads, []));
  const results = statements.some(isExpensive)
    ? await readApart(ctx.db, statements)
    : await ctx.db.read(statements);
  return answer(snapshotOf(reads, results));
}
