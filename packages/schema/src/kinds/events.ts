import { defineAction, defineKind, f } from "../define.ts";

/** One delivery of an event (or a callout) to a URL, with its attempts: what `deliveries` lists. */
const delivery = {
  id: f.integer({ required: true }),
  eventId: f.integer({ description: "The event delivered; null for a ping." }),
  type: f.string({ required: true, description: "The event type, or `ping`." }),
  status: f.enum(["pending", "succeeded", "failed"], {
    required: true,
    description: "`failed` once every retry is spent (or the endpoint was disabled).",
  }),
  attempts: f.integer({ required: true, min: 0 }),
  nextAttemptAt: f.datetime({ description: "When the next attempt is due; null once settled." }),
  lastResponseStatus: f.integer({ description: "The receiver's HTTP status at the last attempt." }),
  lastError: f.string({ description: "Why the last attempt failed (timeout, network, status)." }),
  createdAt: f.datetime({ required: true }),
  attemptLog: f.array(
    f.object({
      at: f.datetime({ required: true }),
      durationMs: f.integer({ required: true, min: 0 }),
      responseStatus: f.integer(),
      error: f.string(),
      succeeded: f.boolean({ required: true }),
    }),
    { required: true },
  ),
};

const webhookEndpointActions = [
  defineAction({
    name: "test",
    method: "POST",
    source: "extension",
    summary: "Queue a signed ping to the endpoint; it is sent at once, like any delivery.",
    input: {},
    output: { fields: delivery },
  }),
  defineAction({
    name: "replay",
    method: "POST",
    source: "extension",
    summary: "Send an earlier delivery's event again, as a new delivery with its own attempts.",
    input: { deliveryId: f.integer({ required: true, min: 1 }) },
    output: { fields: delivery },
  }),
  defineAction({
    name: "rotate-secret",
    method: "POST",
    event: "webhook_endpoint.secret_rotated",
    source: "extension",
    summary: "Make a new signing secret; the old one stays valid (both sign) for 24 hours.",
    input: {},
    output: {
      fields: {
        secret: f.string({
          required: true,
          secret: "shownOnce",
          description: "The new secret; shown this once.",
        }),
        previousSecretExpiresAt: f.datetime({ required: true }),
      },
    },
  }),
  defineAction({
    name: "deliveries",
    method: "GET",
    source: "extension",
    summary: "The endpoint's deliveries, newest first, each with every attempt.",
    input: {
      status: f.enum(["pending", "succeeded", "failed"]),
      before: f.integer({ min: 1, description: "Only deliveries with a smaller id (the next page)." }),
      limit: f.integer({ min: 1, max: 100, description: "Default 20." }),
    },
    output: { fields: delivery, list: true },
  }),
] as const;

export const webhookEndpoint = defineKind({
  name: "webhook-endpoint",
  plural: "webhook-endpoints",
  group: "events",
  source: "extension",
  description:
    "A URL that receives the company's events, signed as the Standard Webhooks specification says. The create answer carries the signing `secret`, once.",
  actions: webhookEndpointActions,
  createAnswer: {
    secret: f.string({
      required: true,
      secret: "shownOnce",
      description: "The signing secret (`whsec_...`): only this answer shows it; reads show `secretHint`.",
    }),
  },
  fields: {
    url: f.string({
      required: true,
      maxLength: 2000,
      format: "url",
      called: true,
      description: "An https URL that does not resolve to a private, loopback or link-local address.",
      example: "https://hooks.example.com/multichannel",
    }),
    events: f.array(f.string({ minLength: 1, maxLength: 100, format: "event-type" }), {
      required: true,
      default: ["*"],
      minLength: 1,
      maxLength: 100,
      description:
        "Event types to receive: `*` for all, `<kind>.*` for a kind's, or exact types; at least one.",
    }),
    description: f.string({
      maxLength: 500,
      description: "What the endpoint is for, for your own reference.",
      example: "Order sync to the warehouse tool",
    }),
    enabled: f.boolean({
      required: true,
      default: true,
      description: "Events are delivered to it only while enabled.",
    }),
    secretHint: f.string({
      readOnly: true,
      description: "The first characters of the signing secret, to tell secrets apart.",
    }),
    disabledReason: f.string({
      readOnly: true,
      description: "Why deliveries stopped (set when the endpoint failed for days); cleared on enable.",
    }),
    failingSince: f.datetime({ readOnly: true, description: "First failure since the last success." }),
  },
});
