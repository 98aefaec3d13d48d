/**
 * The async inbound imports of the reference service: an order for a custom channel, or a batch of items
 * for an inventory feed, authenticated by the record's own webhook hash instead of an API token.
 */
import {
  type ActionDef,
  actionInputSchema,
  type ChannelManualSaleInput,
  type CustomChannel,
  fieldSchema,
  type InventoryFeed,
  type InventoryFeedParseWebhookInput,
  type KindDef,
  kindByName,
  type SaleImport,
} from "@multichannel/schema";
import * as v from "valibot";
import type { Executor } from "../db/database.ts";
import { toRecord } from "../db/rows.ts";
import { sql } from "../db/sql.ts";
import { tableFor } from "../db/tables.ts";
import type { Ctx } from "../domain/context.ts";
import { feedItemsReads, type ParsedFeedItem, planFeedItems } from "../domain/feed-items.ts";
import { one, type Reads, type Snapshot } from "../domain/reads.ts";
import { keptPayload } from "../domain/sale-import.ts";
import { digestOf } from "../domain/secrets.ts";
import { ApiError, type FieldError, fieldErrors, isApiError } from "../errors.ts";
import { manualSaleReads, planManualSale } from "./actions/manual-sale.ts";
import { actionEvent } from "./events.ts";
import { executeRead, executeWrite } from "./execute.ts";

function kindOf(name: string): KindDef {
  return kindByName(name)!;
}

function actionOf(kindName: string, actionName: string): ActionDef {
  return kindOf(kindName).actions!.find((action) => action.name === actionName)!;
}

/**
 * The record of `kindName` whose inbound secret is `hash` (the current one, or one replaced less than
 * 24 hours ago), in whichever company: found by its SHA-256 under a unique index, so no two records
 * share one, with whether its company is suspended. Undefined when none is.
 */
export async function recordByHash(
  db: Executor,
  kindName: "custom-channel" | "inventory-feed",
  hash: string,
  now: string,
): Promise<{ companyId: number; record: Record<string, unknown>; suspended: boolean } | undefined> {
  // The secret's record in the same statement as the secret: one round trip on a remote database.
  const table = tableFor(kindOf(kindName));
  const digest = await digestOf(hash);
  const found = await db.execute(
    sql`SELECT ${sql.raw(table.selectList)}, company_id AS secret_company_id, (SELECT suspended_at IS NOT NULL FROM companies WHERE id = company_id) AS company_suspended FROM ${sql.id(table.name)} WHERE (id, company_id) IN (SELECT record_id, company_id FROM inbound_secrets WHERE digest = ${digest} AND kind = ${kindName} AND (expires_at IS NULL OR expires_at > ${now})) LIMIT 1`.statement(),
  );
  const row = found.rows[0];
  if (!row) return undefined;
  const suspended = Boolean(row.company_suspended);
  return { companyId: Number(row.secret_company_id), record: toRecord(table, row), suspended };
}

// --------------------------------------------------------------------------------------------- orders

const manualSale = actionOf("channel", "manual-sale");
const manualSaleSchema = actionInputSchema(manualSale.input);
const saleImportFields = kindOf("sale-import").fields;
const MAX_PROBLEM_BYTES = saleImportFields.problem?.maxBytes ?? 8192;

function parseOrder(body: unknown): ChannelManualSaleInput {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ApiError("validation_failed", "The body must be a JSON object: one order.", {
      errors: [{ path: "(body)", message: "must be a JSON object" }],
    });
  }
  const result = v.safeParse(manualSaleSchema, body, { abortPipeEarly: true });
  if (result.success) return result.output as ChannelManualSaleInput;
  const errors = fieldErrors(result.issues);
  throw new ApiError(
    "validation_failed",
    errors
      .slice(0, 3)
      .map((error) => `${error.path} ${error.message}`)
      .join("; "),
    { errors },
  );
}

/** The problem document of a failed import, within its field's bound: errors are dropped to fit. */
function problemOf(error: ApiError): Record<string, unknown> {
  const errors = [...((error.extras.errors as FieldError[] | undefined) ?? [])];
  const problem = () => ({
    status: error.status,
    title: error.title,
    detail: error.detail.slice(0, 500),
    ...(errors.length ? { errors } : {}),
  });
  while (
    new TextEncoder().encode(JSON.stringify(problem())).byteLength > MAX_PROBLEM_BYTES &&
    errors.length
  ) {
    errors.pop();
  }
  return problem();
}

const externalIdSchema = fieldSchema(saleImportFields.externalId!);
const MAX_EXTERNAL_ID = saleImportFields.externalId?.maxLength ?? 100;

/**
 * The order's id as a failed import logs it: cut to the field's length in characters (an emoji is not
 * split into a lone surrogate), and null unless the field takes it. Text the database cannot store
 * whole (a NUL, a lone surrogate) would be read back as another id than the answer gives.
 */
function externalIdOf(body: unknown): string | null {
  const id = (body as { externalId?: unknown } | null)?.externalId;
  if (typeof id !== "string" && !(typeof id === "number" && Number.isSafeInteger(id))) return null;
  const cut = Array.from(String(id)).slice(0, MAX_EXTERNAL_ID).join("");
  return v.is(externalIdSchema, cut) ? cut : null;
}

/**
 * `POST /webhooks/custom-channels/manual-sale.json`: the manual-sale import of the custom channel's
 * channel, as one write plan (its reads with the channel's, then one batch). Whatever the outcome, a
 * sale import records it and is the answer: the sale's on success; on a refused order (a 4xx of the
 * import, or a body that is not JSON), nothing of the order is written and a sale import with status
 * `error` and the `problem` is, in a second batch, as the reference reports failed imports.
 */
export async function importInboundOrder({
  ctx,
  customChannel,
  body,
  unreadable,
}: {
  /** The company's context: its database, id and clock. */
  ctx: Ctx;
  customChannel: CustomChannel;
  body: unknown;
  /** Why the body could not be read (malformed JSON): the call is logged as a failed import. */
  unreadable?: ApiError;
}): Promise<SaleImport> {
  try {
    if (unreadable) throw unreadable;
    if (customChannel.enabled === false) {
      throw new ApiError("conflict", `Custom channel ${customChannel.id} is disabled.`);
    }
    const noChannel = () =>
      new ApiError(
        "conflict",
        `Custom channel ${customChannel.id} has no channel: set its channelId to import orders.`,
      );
    const channelId = customChannel.channelId;
    if (!channelId) throw noChannel();
    const writer = { ctx };
    const channelRead = { channel: one("channel", channelId) };
    let order: ChannelManualSaleInput;
    try {
      order = parseOrder(body);
    } catch (refusal) {
      // A body that is no order is refused once the channel is known to be there.
      return await executeRead(writer, channelRead, ({ channel }) => {
        throw channel ? refusal : noChannel();
      });
    }
    const { saleImport } = await executeWrite(writer, {
      reads: { ...channelRead, ...manualSaleReads(channelId, order) },
      plan: (read, plan) => {
        const { channel } = read;
        if (!channel) throw noChannel();
        return { ...planManualSale({ channel, input: order, read, plan }), channel };
      },
      event: ({ sale, channel }) => actionEvent(kindOf("channel"), manualSale, sale, channel),
    });
    return saleImport;
  } catch (error) {
    if (!isApiError(error) || error.status >= 500) throw error;
    // An empty body has no payload to keep, nor one past the field's bounds.
    const payload = keptPayload(body);
    return executeWrite(
      { ctx },
      {
        reads: {},
        plan: (_, plan) =>
          plan.insert("sale-import", {
            channelId: customChannel.channelId ?? null,
            externalId: externalIdOf(body),
            status: "error",
            problem: problemOf(error) as SaleImport["problem"],
            message: "failed",
            payload,
          }),
      },
    );
  }
}

// ---------------------------------------------------------------------------------------- feed items

/** What a feed webhook call did, item by item. */
export interface FeedWebhookSummary {
  received: number;
  created: number;
  updated: number;
  unchanged: number;
  connected: number;
  results: {
    index: number;
    externalId: string;
    inventoryFeedVariantId: number;
    result: "created" | "updated" | "unchanged";
    connected: boolean;
  }[];
}

/**
 * `POST /webhooks/inventory-feeds/parse-webhooks.json`: each item as `PUT /inventory-feeds/{id}/parse-webhook.json`
 * takes it, all in one write plan (all or nothing): every item's reads in one pipeline, then every
 * item, connection and outcome event in one batch.
 */
export function importInboundFeedItems({
  ctx,
  feed,
  items,
}: {
  ctx: Ctx;
  feed: InventoryFeed;
  items: readonly InventoryFeedParseWebhookInput[];
}): Promise<FeedWebhookSummary> {
  const disabled = () => new ApiError("conflict", `Inventory feed ${feed.id} is disabled.`);
  if (feed.enabled === false) throw disabled();
  const reads = {
    // Read again with the items, and held: its prefix and whether it connects items decide the plan.
    feed: one("inventory-feed", feed.id),
    ...feedItemsReads(feed.id, items),
  };
  return executeWrite(
    { ctx },
    {
      reads,
      plan: (read, plan) => {
        const current = read.feed;
        if (!current) throw new ApiError("not_found", `No inventory-feed with id ${feed.id}.`);
        if (current.enabled === false) throw disabled();
        return planFeedItems({ feed: current, items, read, plan });
      },
    },
  ).then(summaryOf);
}

/** The reads of a batch's items, each item's named under its index (`item3.items`). */
export function batchReads(itemReads: readonly Reads[]): Reads {
  return Object.fromEntries(
    itemReads.flatMap((reads, index) =>
      Object.entries(reads).map(([name, read]) => [`item${index}.${name}`, read]),
    ),
  );
}

/** What item `index`'s `reads` answered, in the snapshot of a batch's reads (`batchReads`). */
export function itemSnapshot<R extends Reads>(
  index: number,
  reads: R,
  snapshot: Snapshot<Reads>,
): Snapshot<R> {
  return Object.fromEntries(
    Object.keys(reads).map((name) => [name, snapshot[`item${index}.${name}`]]),
  ) as Snapshot<R>;
}

/** What the feed's batch webhook answers: each item's outcome, and how many of each. */
function summaryOf(parsed: readonly ParsedFeedItem[]): FeedWebhookSummary {
  const results: FeedWebhookSummary["results"] = parsed.map((one, index) => ({
    index,
    externalId: one.item.externalId,
    inventoryFeedVariantId: one.item.id,
    result: one.result,
    connected: one.connected,
  }));
  const count = (result: string) => results.filter((r) => r.result === result).length;
  return {
    received: parsed.length,
    created: count("created"),
    updated: count("updated"),
    unchanged: count("unchanged"),
    connected: results.filter((r) => r.connected).length,
    results,
  };
}
