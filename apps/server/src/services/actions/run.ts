/**
 * Runs an action of the manifest for a request: its subject found (404) in a state the action starts
 * from (409), its plan run by the one executor (`../execute.ts`), its outcome event with it; or, for an
 * action that only reads, its answer computed from its reads (or its verb).
 */
import type { InStatement, ResultSet } from "@libsql/client";
import { type ActionDef, type KindDef, operationWrites } from "@multichannel/schema";
import type { StoredRecord } from "../../db/rows.ts";
import { sql } from "../../db/sql.ts";
import type { Ctx } from "../../domain/context.ts";
import { one, type Read, type Reads } from "../../domain/reads.ts";
import { stateConflict } from "../../domain/states.ts";
import type { KindName } from "../../domain/store.ts";
import { WritePlan } from "../../domain/write-plan.ts";
import { ApiError } from "../../errors.ts";
import { actionEvent } from "../events.ts";
import { executeRead, executeWrite, type Writer } from "../execute.ts";
import { checkIfMatch, findRecord } from "../records.ts";
import { actionHandlers } from "./index.ts";
import type { ActionHandler, ActionKey, PlannedAction, PlannedHandler } from "./types.ts";

/** The service verb of an action (the handler map's type makes sure there is one for each). */
export function handlerOf(kind: KindDef, action: ActionDef): ActionHandler<ActionKey> {
  return (actionHandlers as Record<string, ActionHandler<ActionKey>>)[`${kind.name}.${action.name}`]!;
}

/** The record an action is about, found (else 404) and in a state the action starts from (else 409). */
function checkSubject(kind: KindDef, action: ActionDef, id: number, record: StoredRecord | undefined) {
  if (!record) throw new ApiError("not_found", `No ${kind.name} with id ${id}.`);
  const state = kind.states ? String(record[kind.states.field]) : undefined;
  if (action.from && state !== undefined && !action.from.includes(state)) {
    throw stateConflict(
      kind.name,
      record,
      `Cannot ${action.name} a ${kind.name} that is ${state}; allowed from ${action.from.join(", ")}.`,
    );
  }
  return record;
}

/** What an action's run is given. */
export interface ActionRun {
  kind: KindDef;
  action: ActionDef;
  id: number;
  input: unknown;
  /** The request's If-Match, checked against the subject as read. */
  ifMatch?: string | undefined;
}

/** The name of the subject's read among an action's reads. */
const SUBJECT = "subject";

/** A read answered as the driver gives it: for plans whose reads are not named yet. */
const positional = (statement: InStatement): Read<ResultSet> => ({
  statement: sql.marked(typeof statement === "string" ? { sql: statement } : (statement as { sql: string })),
  decode: (result) => result!,
});

type PlanArgs = Parameters<PlannedHandler<ActionKey>["plan"]>[0];

/** An action's reads by name, its subject's among them, and how to plan from what they answered. */
function namedPlan(run: ActionRun, handler: ActionHandler<ActionKey>, companyId: number) {
  const { id } = run;
  const input = run.input as never;
  const subject = one(run.kind.name as KindName, id);
  const named = handler.named;
  if (named) {
    const own = named.reads({ id, input });
    if (SUBJECT in own) throw new Error(`${run.kind.name}.${run.action.name}: a read is named "${SUBJECT}".`);
    const reads: Reads = { ...own, [SUBJECT]: subject };
    return { reads, plan: (args: PlanArgs) => named.plan(args) };
  }
  const legacy = handler.planned!;
  const statements = legacy.read({ companyId, id, input });
  const reads: Record<string, Read<unknown>> = { [SUBJECT]: subject };
  statements.forEach((statement, i) => {
    reads[String(i)] = positional(statement);
  });
  const plan = (args: PlanArgs) =>
    legacy.plan({ ...args, read: statements.map((_, i) => args.read[String(i)] as ResultSet) });
  return { reads: reads as Reads, plan };
}

/**
 * Runs an action that has a plan: its subject and its reads in one pipeline, then its writes, outcome
 * event and Idempotency-Key in one batch (one that only reads: its answer from the reads). Answers the
 * answer's JSON text.
 */
export async function runAction(writer: Writer, run: ActionRun): Promise<string> {
  const { ctx } = writer;
  const { kind, action, id } = run;
  const handler = handlerOf(kind, action);
  if (!handler.planned && !handler.named) return readAction(ctx, run, handler);
  const { reads, plan } = namedPlan(run, handler, ctx.companyId);
  const planWith = (read: Record<string, unknown>, writePlan: WritePlan) => {
    const record = checkSubject(kind, action, id, read[SUBJECT] as StoredRecord | undefined);
    checkIfMatch(record, run.ifMatch);
    return plan({ ctx, record: record as never, input: run.input as never, read, plan: writePlan });
  };
  if (!operationWrites(action.method, action)) {
    return executeRead(writer, reads, async (read) => {
      const { answer } = await planWith(read, new WritePlan(ctx.companyId, ctx.now()));
      return JSON.stringify(answer);
    });
  }
  const done = await executeWrite(writer, {
    reads,
    plan: planWith,
    event: ({ answer, subject, about }: PlannedAction<ActionKey>) =>
      actionEvent(kind, action, answer, subject, about),
    kept: ({ answer }, writePlan) => ({ status: 200, body: writePlan.answerText(answer), location: null }),
  });
  return JSON.stringify(done.answer);
}

/** An action that only reads, by its verb. */
async function readAction(ctx: Ctx, run: ActionRun, handler: ActionHandler<ActionKey>): Promise<string> {
  const { kind, action, id } = run;
  const record = checkSubject(kind, action, id, await findRecord(ctx.db, ctx.companyId, kind, id));
  return JSON.stringify(await handler.run!({ ctx, record: record as never, input: run.input as never }));
}
