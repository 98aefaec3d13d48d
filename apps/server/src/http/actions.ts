import {
  actionInputIn,
  actionInputSchema,
  actions,
  answersOneRecord,
  type FieldDef,
  operationWrites,
  recordBodyFields,
  takesWriteHeaders,
} from "@multichannel/schema";
import type { Context, Hono } from "hono";
import type * as v from "valibot";
import { readingApart } from "../db/database.ts";
import { allows, scopeText } from "../domain/scopes.ts";
import { ApiError, isApiError } from "../errors.ts";
import { handlerOf, runAction } from "../services/actions/run.ts";
import { checkQueryTerms, NOT_TERMS } from "../services/list-query.ts";
import { etagOfText } from "../services/records.ts";
import { answerJson } from "./answer.ts";
import { allowMethods, idOf, itemRoute } from "./crud.ts";
import type { AppEnv } from "./env.ts";
import type { FairShare } from "./fair-share.ts";
import { notAllowed } from "./methods.ts";
import type { Guard } from "./middleware.ts";
import { missingScope } from "./scopes.ts";
import { fieldsOf, parseOrThrow, validBody } from "./validate.ts";

/**
 * Query parameters of a GET or DELETE action, typed by the action's input fields; the token
 * (`access_token`) and `scope` are no input, as on every route.
 */
function queryInput(
  input: Readonly<Record<string, FieldDef>>,
  params: URLSearchParams,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, raw] of params) {
    if (NOT_TERMS.has(name)) continue;
    // One value a name: a repeated one would be taken as its last, silently.
    if (name in values) throw new ApiError("bad_request", `${name} must be sent once.`);
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
    return fieldsOf(parseOrThrow(schema, queryInput(input, params)));
  } catch (error) {
    if (!isApiError(error) || error.code !== "validation_failed") throw error;
    throw new ApiError("bad_request", `Bad query: ${error.detail}`, { errors: error.extras.errors });
  }
}

/**
 * One route per action of the manifest: a writing action is a write plan (`runPlanned`); one that only
 * reads is planned too (its reads in one pipeline) or runs its verb (`run`). An action whose input makes
 * it expensive (`ActionHandler.expensive`) takes one of its company's places in `share` while it runs.
 */
export function registerActionRoutes(app: Hono<AppEnv>, guard: Guard, share: FairShare): void {
  for (const { kind, action } of actions) {
    const handler = handlerOf(kind, action);
    const path = itemRoute(kind, `${action.name}.json`);
    const method = action.method.toLowerCase() as "get" | "post" | "put" | "delete";
    const inputIn = actionInputIn(action);
    const schema = actionInputSchema(action.input, recordBodyFields(action));

    const writes = operationWrites(action.method, action);
    if (!handler.planned && (writes || !handler.run)) {
      throw new Error(`${kind.name}.${action.name} writes, or has no verb: it needs a write plan.`);
    }
    const answersRecord = answersOneRecord(action);
    // If-Match is honoured on every action but a GET that only reads: a quote (POST rates), which writes
    // nothing, is asked with a write scope through the write guard, as the other POST actions are.
    const preconditioned = takesWriteHeaders(action.method, action);
    // A bad id is a 400 before the input is looked at (422).
    const run = async (c: Context<AppEnv>, inputOf: () => Record<string, unknown>) => {
      const id = idOf(c);
      const input = inputOf();
      // Admission asked for the scope the path needs; an action that writes asks again here, from the
      // manifest, so that no way of writing its path can run it with a scope that only reads.
      const actor = c.get("actor");
      if (writes && (actor.readOnly || (actor.access && !allows(actor.access, kind.group, 2))))
        throw missingScope(scopeText(kind.group, 2), actor.readOnly);
      const release = handler.expensive?.(input) ? share.take(actor.companyId) : undefined;
      let text: string;
      try {
        const ctx = c.get("ctx");
        // A verb that only reads reads apart; a write plan marks its own expensive reads.
        const apart = release && handler.run ? { ...ctx, db: readingApart(ctx.db) } : ctx;
        const writer = { ctx: apart, key: c.get("idempotencyKey") };
        const ifMatch = preconditioned ? c.req.header("If-Match") : undefined;
        text = await runAction(writer, { kind, action, id, input, ifMatch });
      } finally {
        release?.();
      }
      if (writes && action.method === "GET") c.set("wroteOnGet", true);
      return answerJson(c, text, 200, {
        ...(answersRecord ? { ETag: etagOfText(text) } : {}),
        // A GET that writes (a new label version, an export) must never be answered from a cache.
        ...(writes && action.method === "GET" ? { "Cache-Control": "no-store" } : {}),
      });
    };

    // A GET that writes passes what every writing request does (idempotency, the after-write hook).
    const guarded = preconditioned ? guard.write : guard.read;
    const route = guarded((c) =>
      run(c, () =>
        inputIn.body && (!inputIn.query || c.get("body") !== undefined)
          ? fieldsOf(validBody(c, schema, action.arrayBody))
          : queryOf(schema, action.input, new URL(c.req.url).searchParams),
      ),
    );
    // Hono answers HEAD with a GET's route; a HEAD must not write (RFC 9110), so one on a GET that writes
    // is refused once admitted, before the write guard (its Idempotency-Key left unused).
    const refuseHead = guard.read(() => {
      throw notAllowed(["GET"], `A HEAD must not write, and this GET does (${action.name}): send GET.`);
    });
    app[method](
      path,
      action.method === "GET" && writes
        ? (c, next) => (c.req.method === "HEAD" ? refuseHead(c, next) : route(c, next))
        : route,
    );
    allowMethods(path, [action.method]);
  }
}
