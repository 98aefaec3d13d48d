/**
 * The async inbound endpoints (`/webhooks/...`): no bearer token; the header `webhook-hash` (or the
 * reference's brand-prefixed `<name>-webhook-hash`) carries the custom channel's `webhookHash` or the
 * inventory feed's `hash`, which names the record and its company (found by the secret's SHA-256: a
 * replaced one still for 24 hours). A call may also be signed as Standard Webhooks says
 * (`signatureRefusal`). A suspended company's calls are refused (403). Failed attempts are limited per
 * client address and target (`failed-attempts.ts`). Registered before the token check.
 */
import type { CustomChannel, InventoryFeed } from "@multichannel/schema";
import type { Context, Hono } from "hono";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { budgetedDb } from "../db/budget.ts";
import type { Db } from "../db/database.ts";
import type { FileStore } from "../db/file-store.ts";
import type { Actor, Ctx } from "../domain/context.ts";
import { parseFeedItems } from "../domain/feed-items.ts";
import type { OutboundPolicy } from "../domain/outbound-urls.ts";
import type { Keyring } from "../domain/secrets.ts";
import { ApiError, isApiError } from "../errors.ts";
import type { LabelProvider } from "../labels/provider.ts";
import type { FilesPolicy } from "../services/files.ts";
import { importInboundFeedItems, importInboundOrder, recordByHash } from "../services/inbound.ts";
import { answerJson, PRIVATE_ANSWER } from "./answer.ts";
import type { AppEnv } from "./env.ts";
import { clientAddress, type FailedAttempts, failedAttempts } from "./failed-attempts.ts";
import { refuseOtherMethods } from "./methods.ts";
import { readBody } from "./middleware.ts";

export const INBOUND_ORDER_PATH = "/webhooks/custom-channels/manual-sale.json";
export const INBOUND_FEED_PATH = "/webhooks/inventory-feeds/parse-webhooks.json";

export interface InboundDeps {
  db: Db;
  bodyLimit: number;
  now: () => string;
  labels: LabelProvider;
  outbound: OutboundPolicy;
  /** `Ctx.baseUrl` and `Ctx.storedBaseUrl`: from configuration, never from the request. */
  baseUrl: string;
  storedBaseUrl: () => string;
  files: FilesPolicy;
  fileStore: FileStore;
  /** `DB_TIME_LIMIT` in ms: an inbound call's database time is limited as an API request's is. */
  dbTimeLimitMs?: number;
  secrets: Promise<Keyring>;
  afterWrite?: (c: Context<AppEnv>) => void;
  /** Failed attempts per client address and target (default: 10 a minute, then 429 until the minute ends). */
  failures?: FailedAttempts;
  /** The client's address is the last of `X-Forwarded-For` (`TRUST_PROXY`: behind a reverse proxy). */
  trustProxy?: boolean;
}

/** The hash a request carries: `webhook-hash`, or a header whose name ends in `-webhook-hash`. */
function hashOf(c: Context<AppEnv>): string | undefined {
  const plain = c.req.header("webhook-hash");
  if (plain) return plain.trim();
  for (const [name, value] of c.req.raw.headers) {
    if (name.endsWith("-webhook-hash") && value) return value.trim();
  }
  return undefined;
}

/** The context of a call made on behalf of the hashed record's company (no API token). */
function contextOf(_c: Context<AppEnv>, deps: InboundDeps, companyId: number, db: Db): Ctx {
  let at: string | undefined;
  const actor: Actor = { companyId, tokenId: 0, readOnly: false };
  return {
    db,
    companyId,
    actor,
    now: () => (at ??= deps.now()),
    baseUrl: deps.baseUrl,
    storedBaseUrl: deps.storedBaseUrl(),
    files: deps.files,
    fileStore: deps.fileStore,
    labels: deps.labels,
    outbound: deps.outbound,
    secrets: deps.secrets,
  };
}

/**
 * The record the request's hash names (401 when none does), then its body: read and parsed only once
 * the caller is known, within the body limit (413), as JSON (415, 400); an empty body is `undefined`.
 */
async function authenticated<K extends "custom-channel" | "inventory-feed">(
  c: Context<AppEnv>,
  deps: InboundDeps,
  kindName: K,
): Promise<{ companyId: number; record: Record<string, unknown>; body: unknown; unreadable?: ApiError }> {
  const label = kindName === "custom-channel" ? "custom channel's webhook hash" : "inventory feed's hash";
  const hash = hashOf(c);
  const found = hash ? await recordByHash(deps.db, kindName, hash, deps.now()) : undefined;
  if (!found) {
    const refusal = deps.failures!.fail(clientAddress(c, deps.trustProxy), kindName);
    if (refusal) throw refusal;
    if (!hash) throw new ApiError("unauthorized", `Send the ${label} as \`webhook-hash: <hash>\`.`);
    throw new ApiError("unauthorized", `The webhook hash names no ${kindName.replace("-", " ")}.`);
  }
  c.get("answerHeaders")["Cache-Control"] = PRIVATE_ANSWER;
  if (found.suspended) {
    throw new ApiError("forbidden", `The company of this ${kindName.replace("-", " ")} is suspended.`);
  }
  // A signed call's body is checked as it was sent: a copy is kept before it is parsed.
  const signedCopy = SIGNATURE_HEADERS.some((name) => c.req.header(name) !== undefined)
    ? c.req.raw.clone()
    : undefined;
  let unreadable: ApiError | undefined;
  try {
    await readBody(c, deps.bodyLimit);
  } catch (error) {
    // An order that is not JSON is logged as a failed import (answered 200), as the reference reports them.
    if (kindName !== "custom-channel" || !isApiError(error) || error.code !== "bad_request") throw error;
    unreadable = error;
  }
  if (signedCopy) {
    // Its text with a byte order mark kept (`readBody` drops one): the signature is of the bytes.
    const sent = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await signedCopy.arrayBuffer());
    const refused = signatureRefusal(c, hash!, sent);
    if (refused) {
      // A failure at a known record: counted for it (and the address) apart from the wrong hashes.
      const target = `${kindName} ${found.record.id}`;
      throw deps.failures!.fail(clientAddress(c, deps.trustProxy), target) ?? refused;
    }
  }
  return unreadable ? { ...found, body: undefined, unreadable } : { ...found, body: c.get("body") };
}

/** The Standard Webhooks headers a caller may sign its call with. */
const SIGNATURE_HEADERS = ["webhook-id", "webhook-timestamp", "webhook-signature"] as const;

/**
 * A signed call (Standard Webhooks, keyed with the record's hash as raw bytes): its signature must be
 * the body's as sent, and its timestamp within the library's tolerance (5 minutes) of the server's
 * clock, so a signed call replayed later is refused. The 401 to answer otherwise.
 */
function signatureRefusal(c: Context<AppEnv>, hash: string, body: string): ApiError | undefined {
  const headers: Record<string, string> = {};
  for (const name of SIGNATURE_HEADERS) headers[name] = c.req.header(name) ?? "";
  try {
    new Webhook(hash, { format: "raw" }).verify(body, headers, { jsonParse: false });
    return undefined;
  } catch (error) {
    const why = error instanceof WebhookVerificationError ? error.message : "it could not be checked";
    return new ApiError(
      "unauthorized",
      `The call's signature is refused (${why}): sign the body as sent with the hash, with webhook-id, webhook-timestamp (within 5 minutes of now) and webhook-signature.`,
    );
  }
}

export function registerInboundWebhookRoutes(app: Hono<AppEnv>, inbound: InboundDeps): void {
  const deps = { ...inbound, failures: inbound.failures ?? failedAttempts() };
  /** The database as one call's work sees it: its statements count against `DB_TIME_LIMIT`. */
  const requestDb = () => (deps.dbTimeLimitMs ? budgetedDb(deps.db, deps.dbTimeLimitMs) : deps.db);

  app.post(INBOUND_ORDER_PATH, async (c) => {
    const { companyId, record, body, unreadable } = await authenticated(c, deps, "custom-channel");
    const saleImport = await importInboundOrder({
      ctx: contextOf(c, deps, companyId, requestDb()),
      customChannel: record as CustomChannel,
      body,
      unreadable,
    });
    deps.afterWrite?.(c);
    return answerJson(c, JSON.stringify(saleImport));
  });

  app.post(INBOUND_FEED_PATH, async (c) => {
    const { companyId, record, body } = await authenticated(c, deps, "inventory-feed");
    const items = parseFeedItems(body);
    const summary = await importInboundFeedItems({
      ctx: contextOf(c, deps, companyId, requestDb()),
      feed: record as InventoryFeed,
      items,
    });
    deps.afterWrite?.(c);
    return answerJson(c, JSON.stringify(summary));
  });

  refuseOtherMethods(app, INBOUND_ORDER_PATH, ["POST"]);
  refuseOtherMethods(app, INBOUND_FEED_PATH, ["POST"]);
}
