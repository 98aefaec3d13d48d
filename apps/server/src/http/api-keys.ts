import { f, fieldSchema, isWellFormedText } from "@multichannel/schema";
import type { Context, Hono } from "hono";
import * as v from "valibot";
import { normalScopes, parseScope, within } from "../domain/scopes.ts";
import { refusedField } from "../errors.ts";
import { type ApiKey, getKey, insertKey, listKeys, revokeKey } from "../services/auth.ts";
import { checkWholeRead } from "../services/list-query.ts";
import { searchOf } from "../services/query-string.ts";
import { answer, answerJson } from "./answer.ts";
import { allowMethods, itemIdOf } from "./crud.ts";
import type { AppEnv } from "./env.ts";
import { refuseKeyForSecret } from "./idempotency.ts";
import { type Guard, readBody } from "./middleware.ts";
import { missingScope } from "./scopes.ts";
import { validBody } from "./validate.ts";

const MAX_SCOPES = 50;

/** A date-time as a record's date field takes it: ISO 8601, on a day the calendar has (no 2099-02-30). */
const dateTime = fieldSchema(f.datetime());

/** Whether text is an expiry as a key's create takes it: an ISO 8601 date-time (`token:create` too). */
export const isDateTime = (text: string): boolean => v.is(dateTime, text);

/** What a new key takes: its name, its scopes (at least one) and when it expires, if ever. */
/** A key's or a company's name: text that can be stored and read back whole, 1 to 200 characters. */
export const nameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, "must not be empty"),
  // In characters (code points), as the manifest's text fields count them.
  v.check((name) => [...name].length <= 200, "at most 200 characters"),
  v.check(isWellFormedText, "must be text without NUL characters or unpaired surrogates"),
);

export const createKeySchema = v.strictObject({
  name: nameSchema,
  scopes: v.pipe(
    v.array(
      v.pipe(
        v.string(),
        v.check(
          (scope) => parseScope(scope) !== undefined,
          "is not a scope: `*:read`, `*:write`, `<group>:read` or `<group>:write` with a group of the OpenAPI tags",
        ),
      ),
    ),
    v.minLength(1, "must name at least one scope"),
    v.maxLength(MAX_SCOPES),
  ),
  expiresAt: v.optional(
    v.nullable(
      // Text first: a value of another type "must be text", as the other members say.
      v.pipe(v.string(), v.check(isDateTime, "must be an ISO 8601 date-time")),
    ),
  ),
});

export type CreateKeyInput = v.InferOutput<typeof createKeySchema>;

/**
 * A key's expiry as stored (UTC), checked to be in the future and, for a key made by a key that
 * expires (`limit`, ms), no later than that one (absent: that one's): else a 422 naming `path` (the
 * member as sent: `key.expiresAt` in the operator's company create).
 */
export function expiryOf(
  input: Pick<CreateKeyInput, "expiresAt">,
  now: string,
  limit?: number,
  path = "expiresAt",
): string | null {
  const sent = input.expiresAt ?? undefined;
  if (sent === undefined) return limit === undefined ? null : new Date(limit).toISOString();
  const at = new Date(sent).toISOString();
  if (at <= now) throw refusedField(path, "must be in the future");
  if (limit !== undefined && Date.parse(at) > limit) {
    throw refusedField(path, `must be no later than this key's own (${new Date(limit).toISOString()})`);
  }
  return at;
}

/** What a key's create answers once, for the refusal of an Idempotency-Key (`secretNotReplayable`). */
export const API_KEY_SECRET = "An API key's create answers its `secret`";

/** The create answer: the key, and its secret this once. */
function created(c: Context<AppEnv>, key: ApiKey, secret: string, base: string): Response {
  return answerJson(c, JSON.stringify({ ...key, secret }), 200, {
    Location: `${base}/api-keys/${key.id}.json`,
    "Cache-Control": "no-store",
  });
}

/**
 * `/api-keys.json` and `/api-keys/{id}.json`: a company's API keys. Any key reads them (never a
 * secret); a key that may write makes keys within its own scopes and revokes keys within them.
 * `forgetKey` makes a revocation hold at once in this process (the token cache's entries go).
 */
export function registerApiKeyRoutes(
  app: Hono<AppEnv>,
  { guard, bodyLimit, forgetKey }: { guard: Guard; bodyLimit: number; forgetKey: (id: number) => void },
): void {
  app.get(
    "/api-keys.json",
    guard.read(async (c) => {
      checkWholeRead(
        searchOf(c.req.url),
        "API keys are listed whole, oldest first, with no paging, filters or order",
      );
      return answerJson(c, JSON.stringify(await listKeys(c.get("ctx").db, c.get("actor").companyId)));
    }),
  );
  // Not behind the write guard's idempotency step: a replay would have to keep the secret to answer it.
  app.post(
    "/api-keys.json",
    guard.read(async (c) => {
      refuseKeyForSecret(c, API_KEY_SECRET);
      await readBody(c, bodyLimit);
      const input = validBody(c, createKeySchema);
      const ctx = c.get("ctx");
      const actor = c.get("actor");
      const scopes = normalScopes(input.scopes);
      const beyond = scopes.find((scope) => actor.access && !within(actor.access, [scope]));
      if (beyond) throw missingScope(beyond, actor.readOnly);
      const now = ctx.now();
      const { key, secret } = await insertKey(c.get("ctx").db, {
        companyId: actor.companyId,
        name: input.name,
        scopes,
        expiresAt: expiryOf(input, now, actor.expiresAt),
        now,
      });
      return created(c, key, secret, ctx.baseUrl);
    }),
  );
  app.get(
    "/api-keys/:id",
    guard.read(async (c) => {
      checkWholeRead(searchOf(c.req.url), "an API key is read whole");
      return answerJson(
        c,
        JSON.stringify(await getKey(c.get("ctx").db, c.get("actor").companyId, itemIdOf(c))),
      );
    }),
  );
  app.delete(
    "/api-keys/:id",
    guard.write(async (c) => {
      const id = itemIdOf(c);
      const actor = c.get("actor");
      const key = await getKey(c.get("ctx").db, actor.companyId, id);
      const beyond = key.scopes.find((scope) => actor.access && !within(actor.access, [scope]));
      if (beyond) throw missingScope(beyond, actor.readOnly);
      await revokeKey(c.get("ctx").db, actor.companyId, id, c.get("ctx").now());
      forgetKey(id);
      return answer(c, null, 204);
    }),
  );
  allowMethods("/api-keys.json", ["GET", "POST"]);
  allowMethods("/api-keys/:id", ["GET", "DELETE"]);
}
