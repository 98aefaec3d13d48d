/**
 * Publishing a variant to a custom channel: what its publishing endpoint is sent, and the store-side
 * identifiers read from its answer when the channel acknowledges synchronously.
 */
import type { ChannelVariant, CustomChannel, Product, Variant, Vendor } from "@multichannel/schema";
import { canTransition } from "./transitions.ts";

/**
 * The state a published channel variant waits in for its store id: `pending` for the publishing
 * endpoint's answer (a synchronous acknowledgement), `acknowledging` for the acknowledge route
 * (`PUT /channels/{id}/acknowledge-variant.json`, an asynchronous one). Both become `connected`.
 */
type Waiting = ChannelVariant["status"] & string;
export const AWAITING_ANSWER: Waiting = "pending";
export const AWAITING_ACKNOWLEDGEMENT: Waiting = "acknowledging";
for (const waiting of [AWAITING_ANSWER, AWAITING_ACKNOWLEDGEMENT]) {
  if (!canTransition("channel-variant", waiting, "connected")) {
    throw new Error(
      `A channel variant waiting ${waiting} for its store id must be able to become connected.`,
    );
  }
}

/** The state a channel variant published through `custom` waits in for its store id. */
export function waitingState(custom: Pick<CustomChannel, "publishingAcknowledgement">): Waiting {
  return custom.publishingAcknowledgement === "async" ? AWAITING_ACKNOWLEDGEMENT : AWAITING_ANSWER;
}

/**
 * The body a custom channel's publishing endpoint receives, as the reference sends it:
 * `{variant, product: {id, name, handle}, vendor}`. The catalogue keeps no product handle: it is null.
 */
export function publishBody(variant: Variant, product: Product | undefined, vendor: Vendor | undefined) {
  return {
    variant,
    product: product ? { id: product.id, name: product.name, handle: null } : null,
    vendor: vendor ?? null,
  };
}

/** The store-side identifiers a publishing endpoint answered. */
export interface PublishedIds {
  readonly externalId: string;
  readonly externalGroupId: string | undefined;
}

/** A store id as answered: text or a number (store ids are often numeric), at most 100 characters. */
function idOf(value: unknown): string | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "string" && value.trim() && value.length <= 100) return value.trim();
  return undefined;
}

function objectOf(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value))
    : undefined;
}

/**
 * The identifiers in a publishing endpoint's answer (read defensively: the reference names no shape):
 * the variant's store id as `externalId` (or `id`) at the top level or in a `variant` object, the
 * product's as `externalGroupId` (top level or in `variant`), or the `id` (or `externalId`) of a
 * `product` object. Undefined when the answer is not JSON or names no variant id.
 */
export function publishedIdentifiers(responseText: string | undefined): PublishedIds | undefined {
  let answer: unknown;
  try {
    answer = JSON.parse(responseText ?? "");
  } catch {
    return undefined;
  }
  const top = objectOf(answer);
  if (!top) return undefined;
  const variant = objectOf(top.variant);
  const product = objectOf(top.product);
  const externalId = idOf(top.externalId) ?? idOf(top.id) ?? idOf(variant?.externalId) ?? idOf(variant?.id);
  if (!externalId) return undefined;
  const externalGroupId =
    idOf(top.externalGroupId) ??
    idOf(variant?.externalGroupId) ??
    idOf(product?.externalId) ??
    idOf(product?.id);
  return { externalId, externalGroupId };
}
