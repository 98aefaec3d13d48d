import {
  type ActionDef,
  actionInputIn,
  actionInputSchema,
  actions,
  type FieldDef,
  type KindDef,
  operationWrites,
  recordBodyFields,
} from "@multichannel/schema";
import type { Context, Hono } from "hono";
import type * as v from "valibot";
import { type StoredRecord, toRecord } from "../db/rows.ts";
import { tableFor } from "../db/tables.ts";
import { optimistically, StaleRead } from "../db/write-guards.ts";
import type { Ctx } from "../domain/context.ts";
import { stateConflict } from "../domain/states.ts";
import type { KindName } from "../domain/store.ts";
import { WritePlan } from "../domain/write-plan.ts";
import { ApiError, isApiError } from "../errors.ts";
import { actionHandlers } from "../services/actions/index.ts";
import type { ActionHandler, ActionKey } from "../services/actions/types.ts";
import { actionEvent } from "../services/events.ts";
import { keyInUse, keyStatements } from "../services/idempotency.ts";
import { checkQueryTerms } from "../services/list-query.ts";
import { checkIfMatch, etagOfText, findRecord } from "../services/records.ts";
import { answerJson } from "./answer.ts";
import { allowMethods, idOf, itemRoute } from "./crud.ts";
import type { AppEnv } from "./env.ts";
import type { Guard } from "./middleware.ts";
import { parseOrThrow, validBody } from "./validate.ts";

/** The service verb of an action (the handler map's type makes sure there is one for each). */
function handlerOf(key: string): ActionHandler<ActionKey> {
  return (actionHandlers as Record<string, ActionHandler<ActionKey>>)[key]!;
}

/** Query parameters of a GET or DELETE action, typed by the action's input fields. */
function queryInput(
  input: Readonly<Record<string, FieldDef>>,
  params: URLSearchParams,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, raw] of params) {
    const field = input[name];
    const numeric = field?.type === "integer" || field?.type === "ref" || field?.type === "number";
    values[name] = numeric && /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
  }
  return values;
}

/** The validated query of a GET or DELETE action: anything wrong with it is a 400, as for lists. */
function queryOf(
  schema: v.GenericSchema,
  input: Readonly<Record<string, FieldDef>>,
  params: URLSearchParams,
): Record<string, unknown> {
  checkQueryTerms(params);
  try {
    return parseOrThrow(schema, queryInput(input, params));
  } catch (error) {
    if (!isApiError(error) || error.code !== "validation_failed") throw error;
    throw new ApiError("bad_request", `Bad query: ${error.detail}`, { errors: error.extras.errors });
  }
}

/** An action that only reads, by its verb: its subject found (404) in a state it starts from (409). */
async function readAction(
  ctx: Ctx,
  run: {
    kind: KindDef;
    action: ActionDef;
    id: number;
    input: unknown;
    read: ActionHandler<ActionKey>["run"];
  },
): Promise<string> {
  const { kind, action, id } = run;
  const record = checkSubject(kind, action, id, await findRecord(ctx.db, ctx.companyId, kind, id));
  return JSON.stringify(await run.read!({ ctx, record: record as never, input: run.input as never }));
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

/**
 * An action that has a plan (`ActionHandler.planned`): its subject and its reads in one pipeline, its
 * writes, outcome event and Idempotency-Key in one batch (an action that only reads: its answer from
 * the reads). Answers the answer's JSON text.
 */
function runPlanned(
  c: Context<AppEnv>,
  run: { kind: KindDef; action: ActionDef; handler: ActionHandler<ActionKey>; id: number; input: unknown },
): Promise<string> {
  const { kind, action, id } = run;
  const planned = run.handler.planned!;
  const ctx = c.get("ctx");
  const key = c.get("idempotencyKey");
  const ifMatch = c.req.header("If-Match");
  const table = tableFor(kind);
  const input = run.input as never;
  const reads = [
    { sql: table.findSql, args: [id, ctx.companyId] },
    ...planned.read({ companyId: ctx.companyId, id, input }),
  ];
  if (!operationWrites(action.method, action)) {
    // An action that only reads: its reads in one pipeline, its answer computed from them.
    return c
      .get("db")
      .read(reads)
      .then(async (read) => {
        const row = read[0]!.rows[0];
        const record = checkSubject(kind, action, id, row ? toRecord(table, row) : undefined);
        const plan = new WritePlan(ctx.companyId, ctx.now());
        const { answer } = await planned.plan({
          ctx,
          record: record as never,
          input,
          read: read.slice(1),
          plan,
        });
        return JSON.stringify(answer);
      });
  }
  return optimistically(c.get("db"), async (session) => {
    const read = await session.read(reads);
    const row = read[0]!.rows[0];
    const record = checkSubject(kind, action, id, row ? toRecord(table, row) : undefined);
    checkIfMatch(record, ifMatch);
    const plan = new WritePlan(ctx.companyId, ctx.now());
    const { answer, subject, about } = await planned.plan({
      ctx,
      record: record as never,
      input,
      read: read.slice(1),
      plan,
    });
    plan.unchangedRecords(kind.name as KindName, [record as never]);
    const event = actionEvent(kind, action, answer, subject, about);
    if (event) plan.event(event.type, event.object, event.result);
    const keyGuard = key
      ? plan.append(keyStatements(key, { status: 200, body: plan.answerText(answer), location: null }))
      : undefined;
    try {
      const ids = await plan.apply(session);
      if (key) key.answered = true;
      return JSON.stringify(ids.resolve(answer));
    } catch (error) {
      if (error instanceof StaleRead && keyGuard !== undefined && error.guardIndex === keyGuard)
        throw keyInUse();
      throw error;
    }
  });
}

/**
 * One route per action of the manifest: a writing action is a write plan (`runPlanned`); one that only
 * reads is planned too (its reads in one pipeline) or runs its verb (`run`).
 */
export function registerActionRoutes(app: Hono<AppEnv>, guard: Guard): void {
  for (const { kind, action } of actions) {
    const handler = handlerOf(`${kind.name}.${action.name}`);
    const path = itemRoute(kind, `${action.name}.json`);
    const method = action.method.toLowerCase() as "get" | "post" | "put" | "delete";
    const inputIn = actionInputIn(action);
    const schema = actionInputSchema(action.input, recordBodyFields(action));

    const writes = operationWrites(action.method, action);
    const read = handler.run;
    if (!handler.planned && (writes || !read)) {
      throw new Error(`${kind.name}.${action.name} writes, or has no verb: it needs a write plan.`);
    }
    const answersRecord = "kind" in action.output && !action.output.list;
    // A bad id is a 400 before the input is looked at (422).
    const run = async (c: Context<AppEnv>, inputOf: () => Record<string, unknown>) => {
      const id = idOf(c);
      const input = inputOf();
      if (writes && c.get("actor").readOnly) throw new ApiError("forbidden", "This API token is read-only.");
      const text = handler.planned
        ? await runPlanned(c, { kind, action, handler, id, input })
        : await readAction(c.get("ctx"), { kind, action, id, input, read: read! });
      if (writes && action.method === "GET") c.set("wroteOnGet", true);
      return answerJson(c, text, 200, {
        ...(answersRecord ? { ETag: etagOfText(text) } : {}),
        // A GET that writes (a new label version, an export) must never be answered from a cache.
        ...(writes && action.method === "GET" ? { "Cache-Control": "no-store" } : {}),
      });
    };

    // A GET that writes passes what every writing request does (idempotency, the after-write hook).
    const guarded = action.method === "GET" && !writes ? guard.read : guard.write;
    app[method](
      path,
      guarded((c) =>
        run(c, () =>
          inputIn.body && (!inputIn.query || c.get("body") !== undefined)
            ? validBody(c, schema, action.arrayBody)
            : queryOf(schema, action.input, new URL(c.req.url).searchParams),
        ),
      ),
    );
    allowMethods(path, [action.method]);
  }
}
