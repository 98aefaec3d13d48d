import { type ActionDef, type KindDef, operationWrites } from "@multichannel/schema";
import type { StoredRecord } from "../../db/rows.ts";
import type { Ctx } from "../../domain/context.ts";
import { type Reads, type Snapshot, storedRecord } from "../../domain/reads.ts";
import { stateConflict } from "../../domain/states.ts";
import { WritePlan } from "../../domain/write-plan.ts";
import { ApiError } from "../../errors.ts";
import { actionEvent } from "../events.ts";
import { executeRead, executeWrite, type Writer } from "../execute.ts";
import { checkIfMatch, findRecord } from "../records.ts";
import { actionHandlers } from "./index.ts";
import type { ActionKey, PlannedAction } from "./types.ts";

/**
 * An action's handler as the request path runs it, for an action known only at run time: its subject as
 * stored and its input as validated, which is what each handler is given, typed by its action.
 */
interface StoredHandler {
  expensive?(input: unknown): boolean;
  run?(args: { ctx: Ctx; record: StoredRecord; input: unknown }): Promise<unknown>;
  planned?: {
    reads(args: { id: number; input: unknown }): Reads;
    plan(args: {
      ctx: Ctx;
      record: StoredRecord;
      input: unknown;
      read: Snapshot<Reads>;
      plan: WritePlan;
    }): PlannedAction<ActionKey> | Promise<PlannedAction<ActionKey>>;
  };
}

/** The service verb of an action (the handler map's type makes sure there is one for each). */
export function handlerOf(kind: KindDef, action: ActionDef): StoredHandler {
  return (actionHandlers as Record<string, unknown>)[`${kind.name}.${action.name}`] as StoredHandler;
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

/** An action's reads by name, its subject's among them. */
function readsOf(run: ActionRun, planned: NonNullable<StoredHandler["planned"]>) {
  const own = planned.reads({ id: run.id, input: run.input });
  if (SUBJECT in own) throw new Error(`${run.kind.name}.${run.action.name}: a read is named "${SUBJECT}".`);
  return { ...own, subject: storedRecord(run.kind, run.id) };
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
  const planned = handler.planned;
  if (!planned) return readAction(ctx, run, handler);
  const reads = readsOf(run, planned);
  const planWith = (read: Snapshot<ReturnType<typeof readsOf>>, writePlan: WritePlan) => {
    const record = checkSubject(kind, action, id, read.subject);
    checkIfMatch(record, run.ifMatch);
    return planned.plan({ ctx, record, input: run.input, read, plan: writePlan });
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
async function readAction(ctx: Ctx, run: ActionRun, handler: StoredHandler): Promise<string> {
  const { kind, action, id } = run;
  const record = checkSubject(kind, action, id, await findRecord(ctx.db, ctx.companyId, kind, id));
  return JSON.stringify(await handler.run!({ ctx, record, input: run.input }));
}
