/**
 * What a webhook endpoint's create or update must hold (a URL the service may send to, event types that
 * exist) and its signing secret: made with its insert, answered once, kept out of records and events.
 */
import { actions, backgroundEvents, kinds } from "@multichannel/schema";
import { eventPrefix } from "../db/event-triggers.ts";
import { refusedField } from "../errors.ts";
import type { Ctx } from "./context.ts";
import { refusal } from "./outbound-urls.ts";

/**
 * Every event type there is: each kind's created/updated/deleted, each action's outcome, and the ends
 * of background work (`backgroundEvents`).
 */
export const eventTypes: ReadonlySet<string> = new Set([
  ...kinds.flatMap((kind) =>
    ["created", "updated", "deleted"].map((verb) => `${eventPrefix(kind.name)}.${verb}`),
  ),
  ...actions.flatMap(({ action }) => (action.event ? [action.event] : [])),
  ...backgroundEvents,
]);
const prefixes = new Set([...eventTypes].map((type) => type.slice(0, type.indexOf("."))));

/** The URL and the event patterns of an endpoint being saved: 422 naming what is wrong. */
export async function checkEndpoint(
  ctx: Ctx,
  values: { url?: string; events?: readonly string[] },
): Promise<void> {
  if (values.url !== undefined) {
    const refused = await refusal(values.url, ctx.outbound);
    if (refused) throw refusedField("url", refused);
  }
  for (const [i, pattern] of (values.events ?? []).entries()) {
    const known =
      pattern === "*" ||
      eventTypes.has(pattern) ||
      (pattern.endsWith(".*") && prefixes.has(pattern.slice(0, -2)));
    if (!known) {
      throw refusedField(
        `events.${i}`,
        `names no event type ("${pattern}"): use "*", "<kind>.*" (e.g. "purchase.*") or a type such as "purchase.sent"`,
      );
    }
  }
}

/** A new signing secret: `whsec_` and the base64 of 32 random bytes, as Standard Webhooks writes them. */
export function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `whsec_${btoa(String.fromCharCode(...bytes))}`;
}

/** What a read shows of a secret: enough to tell two apart, too little to sign with. */
export function secretHint(secret: string): string {
  return `${secret.slice(0, 10)}…`;
}
