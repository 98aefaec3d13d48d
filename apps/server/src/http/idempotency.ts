import {
  type ActionDef,
  answersOneRecord,
  type KindDef,
  kindByPlural,
  secretsShownOnce,
} from "@multichannel/schema";
import type { Context } from "hono";
import type { Db } from "../db/database.ts";
import { ApiError } from "../errors.ts";
import {
  type Claim,
  fingerprintOf,
  keyInUse,
  lookupIdempotencyKey,
  type PendingKey,
  settleIdempotencyKey,
} from "../services/idempotency.ts";
import { etagOfText } from "../services/records.ts";
import { answer } from "./answer.ts";
import type { AppEnv } from "./env.ts";
import { requestHeader, routedPath } from "./middleware.ts";

const KEY = /^[\x21-\x7e]{1,200}$/;
const ID = /^[1-9]\d{0,15}$/;

/**
 * The operation of the manifest a writing request names, read from the end of its path (the mount point
 * is before it): a create (`POST /<plural>.json`), an update (`PUT /<plural>/{id}.json`) or an action
 * (`/<plural>/{id}/<action>.json`); else undefined (a delete, a route of the server's own).
 */
type Operation =
  | { kind: KindDef; verb: "create" | "update"; action?: undefined }
  | { kind: KindDef; verb: "action"; action: ActionDef };

function operationOf(method: string, path: string): Operation | undefined {
  const segments = path.split("/");
  const last = segments.at(-1) ?? "";
  if (!last.endsWith(".json")) return undefined;
  const name = last.slice(0, -".json".length);
  const parent = segments.at(-2) ?? "";
  if (ID.test(parent)) {
    const kind = kindByPlural(segments.at(-3) ?? "");
    const action = kind?.actions?.find((each) => each.name === name && each.method === method);
    if (kind && action) return { kind, verb: "action", action };
  }
  const kind =
    method === "PUT" && ID.test(name)
      ? kindByPlural(parent)
      : method === "POST"
        ? kindByPlural(name)
        : undefined;
  return kind && { kind, verb: method === "POST" ? "create" : "update" };
}

/**
 * Whether an operation answers one record, with its ETag (`crud.ts`, `actions.ts`): a create, an update,
 * or an action whose output is a record.
 */
function answersRecord(operation: Operation | undefined): boolean {
  if (!operation) return false;
  return operation.action ? answersOneRecord(operation.action) : true;
}

/** The secrets a create or an action answers once (`secretsShownOnce`), in words; else undefined. */
function secretAnswered(operation: Operation | undefined): string | undefined {
  if (!operation || operation.verb === "update") return undefined;
  const secrets = secretsShownOnce(operation.kind, operation.action);
  if (!secrets.length) return undefined;
  const label = operation.kind.name.replace(/-/g, " ");
  const whose = `${/^[aeiou]/.test(label) ? "An" : "A"} ${label}'s`;
  const names = secrets.map((name) => `\`${name}\``).join(" and ");
  return `${whose} ${operation.action?.name ?? "create"} answers its ${names}`;
}

/**
 * The 400 of a request sent with an Idempotency-Key whose answer carries a secret shown once
 * (`answers`, what answers which secret: "An API key's create answers its secret"): that answer could be
 * replayed only if it were kept, secret and all, for 24 hours.
 */
export function secretNotReplayable(answers: string): ApiError {
  return new ApiError(
    "bad_request",
    `${answers} once, and that answer is never kept, so it cannot be replayed: send it without Idempotency-Key.`,
    {
      errors: [
        { path: "Idempotency-Key", message: "is not taken by an operation that answers a secret once" },
      ],
    },
  );
}

/**
 * Refuses a request sent with an Idempotency-Key whose answer carries a secret shown once
 * (`secretNotReplayable`): for the routes outside the manifest that answer one (API keys, the admin's).
 */
export function refuseKeyForSecret(c: Context<AppEnv>, answers: string): void {
  if (requestHeader(c, "idempotency-key") !== undefined) throw secretNotReplayable(answers);
}

// Answers a retry could change: conflicts of the moment, a failed If-Match (the client reads the record
// again and sends its new ETag with the same key), rate limits, failures. They are not replayed.
const retryable = (status: number) => status === 409 || status === 412 || status === 429 || status >= 500;

/**
 * `Idempotency-Key` on every writing request, whatever its method: the first request with a key runs and
 * its answer is stored; a retry with the same key and the same request (method, path, query and body)
 * gets that answer again (`Idempotent-Replayed: true`) instead of running twice; the same key with
 * another request is a 422. Keys are per company, kept 24 hours. An operation that answers a secret once
 * (`secretsShownOnce`) takes no key: a 400, as its answer is never kept. Answers what `run` (the request's
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
    const path = routedPath(c);
    const operation = operationOf(c.req.method, path);
    const secret = secretAnswered(operation);
    if (secret) throw secretNotReplayable(secret);
    if (!KEY.test(key))
      throw new ApiError("bad_request", "Idempotency-Key must be 1 to 200 visible ASCII characters.");
    const companyId = c.get("actor").companyId;
    // No deeper than `MAX_NESTING` (`readBody`): its fingerprint serializes it without overflowing.
    const body = c.get("body");
    const search = new URL(c.req.url).search;
    // Kept as a hash only: the query may carry the caller's `access_token`.
    const fingerprint = await fingerprintOf(
      `${c.req.method} ${path}${search} ${body === undefined ? "" : JSON.stringify(body)}`,
    );
    const at = now();
    const lookup = () =>
      lookupIdempotencyKey({ db, input: { companyId, key, fingerprint, now: new Date(at) } });
    const earlier = answerOfClaim(c, operation, await lookup());
    if (earlier) return earlier;
    // The write claims the key in its batch, with its answer; an answer made without writing is kept below.
    const pending: PendingKey = { companyId, key, fingerprint: fingerprint.hash, at };
    c.set("idempotencyKey", pending);
    const response = await run();
    // A refusal made without claiming the key may be the retry of a request that claimed it while this one
    // ran (a client resending after a dropped connection): this one then planned on what that one wrote
    // ("nothing to settle", "already shipped", a 404 after a delete). It is answered that request's answer.
    if (!pending.answered && response.status >= 400) {
      const meanwhile = answerOfClaim(c, operation, await lookup());
      if (meanwhile) return meanwhile;
    }
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

/**
 * What a request answers for what became of its key (`lookupIdempotencyKey`), when another request with
 * the key came first: that request's answer again, or why it cannot be had yet; undefined when the key
 * is not taken (the request runs).
 */
function answerOfClaim(
  c: Context<AppEnv>,
  operation: Operation | undefined,
  claim: Claim,
): Response | undefined {
  if (claim.state === "new") return undefined;
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
  if (claim.status === 204) return answer(c, null, 204, { "Idempotent-Replayed": "true" });
  // A record's ETag is made from its answer's text alone, the text kept here: made again, it is the
  // first answer's. A create's is not known until its batch gives the id, where the key is claimed.
  const etag = claim.status === 200 && answersRecord(operation);
  return answer(c, claim.body, claim.status, {
    "Content-Type": claim.status >= 400 ? "application/problem+json" : "application/json",
    "Idempotent-Replayed": "true",
    ...(claim.location ? { Location: claim.location } : {}),
    ...(etag ? { ETag: etagOfText(claim.body) } : {}),
  });
}
