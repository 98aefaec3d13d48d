import { answersOneRecord, kindByPlural } from "@multichannel/schema";
import type { Context } from "hono";
import type { Db } from "../db/database.ts";
import { ApiError } from "../errors.ts";
import {
  fingerprintOf,
  keyInUse,
  lookupIdempotencyKey,
  type PendingKey,
  settleIdempotencyKey,
} from "../services/idempotency.ts";
import { etagOfText } from "../services/records.ts";
import { answer } from "./answer.ts";
import type { AppEnv } from "./env.ts";
import { requestHeader } from "./middleware.ts";

const KEY = /^[\x21-\x7e]{1,200}$/;
/**
 * How deep a keyed request's body may nest: its fingerprint serializes it, which a body nested hundreds
 * of thousands deep would overflow the stack doing. Far deeper than any body the API takes (a JSON field
 * nests at most 32 deep, inside a record or an action's items).
 */
export const MAX_KEYED_BODY_DEPTH = 100;

/** Whether `value` nests deeper than `max` arrays and objects; walked without recursion. */
function nestsDeeper(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item !== "object" || item === null) continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (typeof child === "object" && child !== null) pending.push([child, depth + 1]);
    }
  }
  return false;
}

const ID = /^[1-9]\d{0,15}$/;

/**
 * Whether the operation a writing request names answers one record, with its ETag (`crud.ts`,
 * `actions.ts`): a create (`POST /<plural>.json`), an update (`PUT /<plural>/{id}.json`) or an action
 * whose output is a record (`/<plural>/{id}/<action>.json`). Read from the end of the path: the mount
 * point is before it.
 */
function answersRecord(method: string, path: string): boolean {
  const segments = path.split("/");
  const last = segments.at(-1) ?? "";
  if (!last.endsWith(".json")) return false;
  const name = last.slice(0, -".json".length);
  const parent = segments.at(-2) ?? "";
  if (ID.test(parent)) {
    const kind = kindByPlural(segments.at(-3) ?? "");
    const action = kind?.actions?.find((each) => each.name === name && each.method === method);
    if (action) return answersOneRecord(action);
  }
  if (method === "PUT") return ID.test(name) && kindByPlural(parent) !== undefined;
  return method === "POST" && kindByPlural(name) !== undefined;
}

// Answers a retry could change: conflicts of the moment, rate limits, failures. They are not replayed.
const retryable = (status: number) => status === 409 || status === 429 || status >= 500;

/**
 * `Idempotency-Key` on every writing request, whatever its method: the first request with a key runs and
 * its answer is stored; a retry with the same key and the same request (method, path, query and body)
 * gets that answer again (`Idempotent-Replayed: true`) instead of running twice; the same key with
 * another request is a 422. Keys are per company, kept 24 hours. Answers what `run` (the request's
 * handler, which answers its errors too) answers, unless the request is a retry: then the stored answer.
 * One read finds what became of the key; the write claims it in its own batch, with its answer, so that
 * a write and its key are kept together or not at all.
 */
export function idempotent(
  db: Db,
  now: () => string,
): (c: Context<AppEnv>, run: () => Promise<Response>) => Promise<Response> {
  // Only writing requests come here (app.ts); a HEAD is a GET without its body, never replayed. A request
  // without a key runs as it is, with no step of its own.
  return (c, run) => {
    const key = requestHeader(c, "idempotency-key");
    return key === undefined || c.req.method === "HEAD" ? run() : keyed(c, run, key);
  };
  async function keyed(c: Context<AppEnv>, run: () => Promise<Response>, key: string): Promise<Response> {
    if (!KEY.test(key))
      throw new ApiError("bad_request", "Idempotency-Key must be 1 to 200 visible ASCII characters.");
    const companyId = c.get("actor").companyId;
    const body = c.get("body");
    if (nestsDeeper(body, MAX_KEYED_BODY_DEPTH)) {
      throw new ApiError("bad_request", `The body nests deeper than ${MAX_KEYED_BODY_DEPTH} levels.`);
    }
    const search = new URL(c.req.url).search;
    // Kept as a hash only: the query may carry the caller's `access_token`.
    const fingerprint = await fingerprintOf(
      `${c.req.method} ${c.req.path}${search} ${body === undefined ? "" : JSON.stringify(body)}`,
    );
    const at = now();
    const claim = await lookupIdempotencyKey({
      db,
      input: { companyId, key, fingerprint, now: new Date(at) },
    });
    if (claim.state === "mismatch") {
      throw new ApiError(
        "validation_failed",
        "This Idempotency-Key was already used with a different request.",
        {
          errors: [{ path: "Idempotency-Key", message: "was used with a different request" }],
        },
      );
    }
    if (claim.state === "inProgress") throw keyInUse();
    if (claim.state === "lost") {
      // Its write committed with the key, and the process ended before the answer was kept: running it
      // again would do it twice.
      throw new ApiError(
        "conflict",
        "A request with this Idempotency-Key ran, but its answer was lost: look its result up before retrying with a new key.",
      );
    }
    if (claim.state === "replay") {
      if (claim.status === 204) return answer(c, null, 204, { "Idempotent-Replayed": "true" });
      // A record's ETag is made from its answer's text alone, the text kept here: made again, it is the
      // first answer's. A create's is not known until its batch gives the id, where the key is claimed.
      const etag = claim.status === 200 && answersRecord(c.req.method, c.req.path);
      return answer(c, claim.body, claim.status, {
        "Content-Type": claim.status >= 400 ? "application/problem+json" : "application/json",
        "Idempotent-Replayed": "true",
        ...(claim.location ? { Location: claim.location } : {}),
        ...(etag ? { ETag: etagOfText(claim.body) } : {}),
      });
    }
    // The write claims the key in its batch, with its answer; an answer made without writing is kept below.
    const pending: PendingKey = { companyId, key, fingerprint: fingerprint.hash, at };
    c.set("idempotencyKey", pending);
    const response = await run();
    if (!pending.answered && !retryable(response.status)) {
      await settleIdempotencyKey({
        db,
        input: {
          pending,
          answer: {
            status: response.status,
            body: await response.clone().text(),
            location: response.headers.get("Location"),
          },
        },
      });
    }
    return response;
  }
}
