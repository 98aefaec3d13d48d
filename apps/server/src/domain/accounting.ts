/**
 * What accounting integrations are sent: a sale when it is fulfilled (to `saleEndpoint`), a dropship
 * purchase when it is invoiced (`dropshipEndpoint`), a replenishment purchase when it is received and
 * when it is invoiced (`replenishmentEndpoint`). The books (`planSaleBooks`, `planPurchaseBooks`) are
 * the one place those states change, so they plan the sends here, from the integrations the write
 * read (`accountingReads`). Each send is an `accounting-payload` and its callout, in the batch of the
 * change; the dispatcher sends it and writes each attempt's outcome into the payload.
 */
import type {
  AccountingIntegration,
  AccountingPayload,
  Purchase,
  PurchaseInvoice,
  PurchaseItem,
  Sale,
  SaleItem,
} from "@multichannel/schema";
import { kindByName } from "@multichannel/schema";
import { sql } from "../db/sql.ts";
import { CALLOUT_URLS, calloutStatement } from "./callouts.ts";
import { planFailure } from "./failures.ts";
import { many, type Snapshot } from "./reads.ts";
import type { WritePlan } from "./write-plan.ts";

/**
 * What a write that may fulfil a sale or invoice or receive a purchase reads: the company's accounting
 * integrations with an endpoint. Held: the sends go where they say.
 */
export function accountingReads() {
  return {
    accounting: many(
      "accounting-integration",
      sql`sale_endpoint IS NOT NULL OR dropship_endpoint IS NOT NULL OR replenishment_endpoint IS NOT NULL`,
    ),
  };
}

/** The accounting integrations a write read (`accountingReads`). */
export type Accounting = Snapshot<ReturnType<typeof accountingReads>>["accounting"];

type PayloadType = AccountingPayload["payloadType"];

/** The type of the callout that sends a payload type (`accounting.sale`). */
function calloutType(payloadType: PayloadType) {
  return `accounting.${payloadType}` as const;
}

/**
 * The endpoint an integration takes a payload type at, if it has one: the field its callouts go to at
 * every attempt (`CALLOUT_URLS`).
 */
export function endpointOf(integration: AccountingIntegration, payloadType: PayloadType): string | null {
  return integration[CALLOUT_URLS["accounting-integration"][calloutType(payloadType)]] ?? null;
}

/** How long an accounting system has to answer. */
const ACCOUNTING_TIMEOUT_MS = 10_000;

/**
 * The callout that sends a payload (JSON, or text as it was written) to its endpoint, signed with its
 * integration's signing secret at each attempt.
 */
export function planPayloadCallout(
  plan: WritePlan,
  payload: Pick<AccountingPayload, "id" | "payloadType" | "accountingIntegrationId">,
  url: string,
  body: string,
): void {
  plan.write(
    calloutStatement(plan.now, {
      purpose: "accounting",
      type: calloutType(payload.payloadType),
      url,
      contentType: isJson(body) ? "application/json" : "text/plain; charset=utf-8",
      body,
      log: { kind: "accounting-payload", id: payload.id },
      signer: `accounting-integration:${payload.accountingIntegrationId}`,
      timeoutMs: ACCOUNTING_TIMEOUT_MS,
    }),
  );
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The longest body a payload holds, in characters: the kind's bound on `payload`. */
const MAX_BODY = kindByName("accounting-payload")?.fields.payload?.maxLength ?? 0;

/**
 * The body of a send as `make` writes it, or how long it is when it is longer than a payload holds
 * (a record of free JSON on every line can be): such a body is not sent, since the payload names what
 * was sent whole. `Infinity` when it is past what a string can be.
 */
function bodyWithin(make: () => string): string | { tooLong: number } {
  let body: string;
  try {
    body = make();
  } catch (error) {
    if (error instanceof RangeError) return { tooLong: Number.POSITIVE_INFINITY };
    throw error;
  }
  // Counted as the validators count a field's length (UTF-16 units), so the record is written back as read.
  return body.length <= MAX_BODY ? body : { tooLong: body.length };
}

/**
 * Plans one send of `body` to every integration with an endpoint for `payloadType`. A body too long to
 * hold is sent nowhere: each payload is an `error` at once, without a body, and an `error` record says why.
 */
function planSends(
  plan: WritePlan,
  accounting: Accounting,
  payloadType: PayloadType,
  subject: { saleId: number } | { purchaseId: number },
  made: string | { tooLong: number },
): void {
  for (const integration of accounting) {
    const url = endpointOf(integration, payloadType);
    if (!url) continue;
    if (typeof made !== "string") {
      planTooLong(plan, integration, payloadType, subject, made.tooLong);
      continue;
    }
    const body = made;
    const payload = plan.insert("accounting-payload", {
      accountingIntegrationId: integration.id,
      payloadType,
      ...subject,
      payload: body,
      status: "pending",
    });
    planPayloadCallout(plan, payload, url, body);
  }
}

/** A payload whose body is too long to send: an `error` at once, and an `error` record. */
function planTooLong(
  plan: WritePlan,
  integration: AccountingIntegration,
  payloadType: PayloadType,
  subject: { saleId: number } | { purchaseId: number },
  characters: number,
): void {
  const what = "saleId" in subject ? `Sale ${subject.saleId}` : `Purchase ${subject.purchaseId}`;
  const length = Number.isFinite(characters) ? `${characters} characters` : "too long to write";
  const message = `${what} was not sent to accounting integration ${integration.id}: its body is ${length}, more than the ${MAX_BODY} an accounting payload holds. Send a shorter body with PUT {"status": "pending", "payload": "..."}.`;
  plan.insert("accounting-payload", {
    accountingIntegrationId: integration.id,
    payloadType,
    ...subject,
    payload: null,
    status: "error",
    errorMessage: message,
  });
  planFailure(plan, {
    source: "accounting",
    code: "payload_too_long",
    message,
    subject:
      "saleId" in subject
        ? { kind: "sale", id: subject.saleId }
        : { kind: "purchase", id: subject.purchaseId },
    details: {
      accountingIntegrationId: integration.id,
      characters: Number.isFinite(characters) ? characters : null,
    },
  });
}

/** Whether a write moves `field` of a record to `value`. */
function becomes<T, K extends keyof T>(before: T, after: T, field: K, value: T[K]): boolean {
  return after[field] === value && before[field] !== value;
}

/** A sale that the write fulfils is sent, with its lines, to each integration's sale endpoint. */
export function planSaleAccounting(
  plan: WritePlan,
  accounting: Accounting,
  change: { before: Sale; after: Sale; items: readonly SaleItem[] },
): void {
  const { before, after, items } = change;
  if (!becomes(before, after, "status", "fulfilled")) return;
  planSends(
    plan,
    accounting,
    "sale",
    { saleId: after.id },
    bodyWithin(() => JSON.stringify({ type: "sale", sale: after, items })),
  );
}

/** Which accounting endpoint a purchase goes to: a `replenishment`'s own, any other a dropship's. */
export const payloadTypeOf = (purchase: Purchase): "dropship" | "replenishment" =>
  purchase.purchaseType === "replenishment" ? "replenishment" : "dropship";

/**
 * A purchase that the write invoices (a dropship or a replenishment) or receives (a replenishment) is
 * sent, with its lines and invoices, to each integration's endpoint for its type.
 */
export function planPurchaseAccounting(
  plan: WritePlan,
  accounting: Accounting,
  change: {
    before: Purchase;
    after: Purchase;
    items: readonly PurchaseItem[];
    invoices: readonly PurchaseInvoice[];
  },
): void {
  const { before, after, items, invoices } = change;
  const type = payloadTypeOf(after);
  const invoiced = becomes(before, after, "invoiceStatus", "invoiced");
  const received = type === "replenishment" && becomes(before, after, "inventoryStatus", "received");
  if (!invoiced && !received) return;
  const body = bodyWithin(() => JSON.stringify({ type, purchase: after, items, invoices }));
  planSends(plan, accounting, type, { purchaseId: after.id }, body);
}
