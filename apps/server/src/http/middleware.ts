import type { Context, Handler, MiddlewareHandler, Next } from "hono";
import type { Actor } from "../domain/context.ts";
import { allows } from "../domain/scopes.ts";
import { ApiError } from "../errors.ts";
import { andThen, type Eventually } from "../eventually.ts";
import { PRIVATE_ANSWER } from "./answer.ts";
import type { AppEnv } from "./env.ts";
import { rememberContext } from "./observe.ts";
import { missingScope, readOnlyRefusal, scopeNeeded } from "./scopes.ts";

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** On every answer: a browser takes a body for the type it is sent as, never guesses another. */
export const NO_SNIFF = { "X-Content-Type-Options": "nosniff" } as const;

/** Longest URL (path and query) accepted, in characters. */
export const MAX_URL_LENGTH = 8192;
/** Largest single request header accepted, in characters. */
export const MAX_HEADER_LENGTH = 8192;

/**
 * A request header, by its name in lower case, as the web `Headers` answer it (a repeated header's
 * values joined by commas). On Node it is found in the header lines Node parsed, which the adapter's
 * `Headers` look through too, after checking the name and the value once more (about half a microsecond
 * a header; Node's parser has refused a request with a malformed header already); elsewhere it is read
 * from the web `Headers`.
 */
export function requestHeader(c: Context<AppEnv>, name: Lowercase<string>): string | undefined {
  const raw = c.env?.incoming?.rawHeaders;
  if (!raw) return c.req.header(name);
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const candidate = raw[i]!;
    if (candidate.length !== name.length || candidate.toLowerCase() !== name) continue;
    value = value === undefined ? raw[i + 1]! : `${value}, ${raw[i + 1]}`;
  }
  return value;
}

/**
 * The request's path as its route matched it: a route also takes one trailing slash (`router.ts`), so
 * `/carriers.json/` is `/carriers.json`. What tells the operation from the path (its scope, the secrets
 * it seals, whether an idempotency key may replay it) reads this path, never `c.req.path`: with the
 * slash, it would take the request for another operation than the one its route runs.
 */
export function routedPath(c: Context<AppEnv>): string {
  const path = c.req.path;
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}

/** The random first part of this process's request ids (made on first use: Workers refuse it at start). */
let idBase: string | undefined;
let issued = 0;

/**
 * A new request id, shaped as a UUID: its first 20 hex digits are random for this process (or isolate),
 * its last 12 count the process's requests, so it is unique without drawing on the system's randomness
 * for every request (`crypto.randomUUID` cost about 1.4 µs a request on this machine, refills included).
 */
export function newRequestId(): string {
  idBase ??= crypto.randomUUID().slice(0, 24);
  return idBase + String(++issued).padStart(12, "0");
}

/**
 * What every request gets first: its id, which every answer carries as X-Request-Id (the client's when
 * it sent a sane one, else a new one), and a 400 when its URL or a header is over its limit, before
 * anything reads them. Its context is left for the access log and metrics (`observed`).
 */
export function stampRequest(c: Context<AppEnv>): void {
  const sent = requestHeader(c, "x-request-id");
  const id = sent && REQUEST_ID.test(sent) ? sent : newRequestId();
  const headers: Record<string, string> = {
    "X-Request-Id": id,
    "X-Content-Type-Options": NO_SNIFF["X-Content-Type-Options"],
  };
  const cors = c.get("corsHeaders");
  if (cors) Object.assign(headers, cors);
  c.set("answerHeaders", headers);
  rememberContext(c);
  if (c.req.url.length > MAX_URL_LENGTH) {
    throw new ApiError(
      "bad_request",
      `The URL is over ${MAX_URL_LENGTH} characters: send fewer query terms.`,
    );
  }
  const name = overlongHeader(c);
  if (name !== undefined) {
    throw new ApiError("bad_request", `The ${name} header is over ${MAX_HEADER_LENGTH} characters.`);
  }
}

/** `stampRequest` as a middleware, for the routes that answer without a token. */
export const stamp: MiddlewareHandler<AppEnv> = (c, next) => {
  stampRequest(c);
  return next();
};

/** The name of a request header over its limit, if any. */
function overlongHeader(c: Context<AppEnv>): string | undefined {
  // On Node the adapter hands over the request's raw header list: reading it costs nothing, where
  // iterating the web Headers would build them for every request.
  const raw = c.env?.incoming?.rawHeaders;
  if (raw) {
    for (let i = 1; i < raw.length; i += 2) if (raw[i]!.length > MAX_HEADER_LENGTH) return raw[i - 1];
    return undefined;
  }
  for (const [name, value] of c.req.raw.headers) if (value.length > MAX_HEADER_LENGTH) return name;
  return undefined;
}

const CHALLENGE = { "WWW-Authenticate": 'Bearer realm="multichannel"' };
const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The request's API token: 401 when it sent none. */
function tokenOf(c: Context<AppEnv>): string {
  const header = requestHeader(c, "authorization");
  // The reference's clients also send the token as `?access_token=` (a header wins when both are sent).
  const token = header === undefined ? c.req.query("access_token") : BEARER.exec(header)?.[1];
  if (token) return token;
  throw new ApiError("unauthorized", "Send an API token as `Authorization: Bearer <token>`.", {}, CHALLENGE);
}

/**
 * The actor a token resolved to: 401 when none or when its key expired, 403 when its company is
 * suspended or its scopes do not reach the request (`scopeNeeded`; a read-only key on a path of no
 * group that writes).
 */
function checkedActor(c: Context<AppEnv>, actor: Actor | undefined, mount: string): Actor {
  if (!actor) throw new ApiError("unauthorized", "The API token is not valid.", {}, CHALLENGE);
  if (actor.expiresAt !== undefined && actor.expiresAt <= Date.now()) {
    throw new ApiError("unauthorized", "The API key has expired.", {}, CHALLENGE);
  }
  // A key's answers are kept by no cache, its refusals (403) too.
  c.get("answerHeaders")["Cache-Control"] = PRIVATE_ANSWER;
  if (actor.suspended) throw new ApiError("forbidden", "The company of this API key is suspended.");
  const method = c.req.method;
  const path = routedPath(c);
  const needed = actor.access && scopeNeeded(path, mount, method);
  if (needed) {
    if (!allows(actor.access!, needed.group, needed.level)) throw missingScope(needed.text, actor.readOnly);
  } else if (actor.readOnly && method !== "GET" && method !== "HEAD") {
    throw readOnlyRefusal(path, mount, actor.access);
  }
  return actor;
}

/**
 * Admission to the authenticated API: stamps the request (`stampRequest`), resolves its bearer token to
 * an actor (401 without a valid one, 403 for a key whose scopes do not reach the request: see
 * `checkedActor`) and hands it to `enter`, which sets up what the handlers read. A cached token is
 * resolved at once, and then nothing is awaited. A request is admitted once, however many routes it
 * passes through. `mount`: the mount point (`BASE_PATH`), for the path's group.
 */
export function admission(
  resolve: (token: string) => Actor | undefined | Promise<Actor | undefined>,
  enter: (c: Context<AppEnv>, actor: Actor) => void,
  mount = "",
): (c: Context<AppEnv>) => Eventually<void> {
  return (c) => {
    if (c.get("actor") !== undefined) return;
    stampRequest(c);
    return andThen(resolve(tokenOf(c)), (actor) => enter(c, checkedActor(c, actor, mount)));
  };
}

/** A route's handler behind a guard: it answers at once or later, or passes on with `next`. */
// biome-ignore lint/suspicious/noConfusingVoidType: what Hono's `next()` resolves to, passed on.
export type RouteHandler = (c: Context<AppEnv>, next: Next) => Eventually<Response | void>;

/**
 * How a route behind the token is registered: its handler with what runs before it, in one function.
 * Not as middleware: a request that matches a single handler is dispatched by Hono without its
 * middleware chain (one async step per middleware), and a read answered at once is written by the Node
 * adapter in the same turn. Under load each of those steps cost about as much as the work it wrapped.
 */
export interface Guard {
  /** A route that only reads: admitted (`admission`), then its handler. */
  read(handler: RouteHandler): Handler<AppEnv>;
  /** A route that may write (every POST, PUT, DELETE, and a GET action that writes): see `writeSteps` in app.ts. */
  write(handler: RouteHandler): Handler<AppEnv>;
}

/** A guard's `read`: the handler once the request is admitted, at once when admission is. */
export function admitted(admit: (c: Context<AppEnv>) => Eventually<void>): Guard["read"] {
  // A handler that passed on with `next` answers nothing: the answer is then the next route's, `c.res`.
  return (handler) => (c, next) => {
    const admitting = admit(c);
    if (admitting) return admitting.then(() => handler(c, next)).then((response) => response ?? c.res);
    const response = handler(c, next);
    return response instanceof Promise ? response.then((done) => done ?? c.res) : (response ?? c.res);
  };
}

/** A JSON media type (`application/json`, `application/merge-patch+json`), its parameters after `;`. */
const JSON_TYPE = /^\s*application\/([\w.-]+\+)?json\s*(;|$)/i;
/**
 * A body's text: UTF-8 (RFC 8259), a byte order mark before it left out (as JSON parsers may), and bytes
 * that are not UTF-8 refused rather than read as U+FFFD, which would store text the client never sent.
 * Decoded as any text is, then checked again only when it holds a U+FFFD (sent as such, or made of bytes
 * that are not UTF-8): the check's decoder is the slower one.
 */
const utf8 = new TextDecoder();
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

function bodyText(bytes: Uint8Array): string {
  const text = utf8.decode(bytes);
  if (text.includes("\uFFFD")) {
    try {
      strictUtf8.decode(bytes);
    } catch {
      throw new ApiError("bad_request", "The request body is not UTF-8 text.");
    }
  }
  return text;
}

/**
 * Reads a writing request's body before anything parses it: 413 over `limit` bytes, 415 when a body is
 * not JSON, 400 when it is not UTF-8 or is malformed; the value parsed once is the context's `body`
 * (absent for an empty body). The body is read here once, so a lying Content-Length cannot get a larger
 * body past the limit.
 */
export async function readBody(c: Context<AppEnv>, limit: number): Promise<void> {
  const method = c.req.method;
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return;
  const length = requestHeader(c, "content-length");
  const declared = Number(length ?? "0");
  if (declared > limit) throw new ApiError("payload_too_large", `The body is over ${limit} bytes.`);
  // With a Content-Length the runtime delivers exactly that many bytes (at most the limit, checked
  // above), so the body is read whole (the Node adapter hands over its buffer, no web stream); without
  // one (chunked) it is read up to the limit.
  const bytes =
    length !== undefined && /^\d+$/.test(length)
      ? new Uint8Array(await c.req.raw.arrayBuffer())
      : await readBounded(c.req.raw.body, limit);
  // A runtime frames the body by its Content-Length; a Request built in process may not (it may say 10
  // and carry more).
  if (bytes.byteLength > limit) throw new ApiError("payload_too_large", `The body is over ${limit} bytes.`);
  if (bytes.byteLength === 0) return;
  if (!JSON_TYPE.test(requestHeader(c, "content-type") ?? "")) {
    throw new ApiError(
      "unsupported_media_type",
      "Send the body as JSON with `Content-Type: application/json`.",
    );
  }
  if (bytes.byteLength > MAX_NESTING && nestsDeeperThan(bytes, MAX_NESTING)) {
    throw new ApiError(
      "bad_request",
      `The JSON body nests arrays and objects more than ${MAX_NESTING} levels deep.`,
    );
  }
  const text = bodyText(bytes);
  // Parsed once, here: the validator and the idempotency check read it from the context.
  try {
    c.set("body", JSON.parse(text));
  } catch {
    throw new ApiError("bad_request", "Malformed JSON in request body.");
  }
}

/**
 * The deepest a JSON body may nest arrays and objects (the reference's deepest bodies take a handful of
 * levels): parsing a megabyte of brackets takes the thread a second, which a request must not cost.
 */
export const MAX_NESTING = 100;

/**
 * Whether a JSON text's arrays and objects nest more than `max` deep, read as bytes (a byte of a
 * multibyte character is never a quote, backslash or bracket). Malformed text is left to the parser.
 */
function nestsDeeperThan(bytes: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (inString) {
      if (byte === 0x5c) i++;
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x5b || byte === 0x7b) {
      if (++depth > max) return true;
    } else if (byte === 0x5d || byte === 0x7d) depth--;
  }
  return false;
}

/** How much of an oversized body is read and dropped (in multiples of the limit) before giving up. */
const DRAIN_FACTOR = 16;

/**
 * Reads and drops what is left of an oversized body, up to `budget` bytes, so that the client, still
 * sending, gets its 413 instead of a connection reset; a body larger still is cut off.
 */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, budget: number): Promise<void> {
  let left = budget;
  while (left > 0) {
    const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
    if (done) return;
    left -= value?.byteLength ?? 0;
  }
  await reader.cancel().catch(() => {});
}

async function readBounded(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array> {
  if (!body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await drain(reader, limit * DRAIN_FACTOR - size);
      throw new ApiError("payload_too_large", `The body is over ${limit} bytes.`);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
