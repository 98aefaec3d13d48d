import { defineAction, f } from "./define.ts";

/**
 * The per-record secret that signs the callouts a record calls for (a provider's purchase orders, a
 * custom channel's stock, prices and shipments, an export's file, an accounting integration's records),
 * as Standard Webhooks signs webhook deliveries.
 */
export const signingSecret = () =>
  f.string({
    maxLength: 100,
    secret: "serverMade",
    description:
      "The Standard Webhooks secret (`whsec_...`) that signs this record's callouts (`webhook-id`, `webhook-timestamp`, `webhook-signature`): made by the server, shown once by the create answer, then as a hint.",
  });

const rotation = (field: string) =>
  `Make a new ${field} (32 random bytes): this answer shows it, once; the one it replaces is still accepted for 24 hours.`;

/** `POST /custom-channels/{id}/rotate-webhook-hash.json`. */
export const rotateWebhookHash = defineAction({
  name: "rotate-webhook-hash",
  method: "POST",
  source: "extension",
  summary: rotation("webhook hash"),
  input: {},
  output: {
    fields: {
      webhookHash: f.string({
        required: true,
        secret: "shownOnce",
        description: "The new webhook hash; shown this once.",
      }),
      previousExpiresAt: f.datetime({
        required: true,
        description: "Until when the hash it replaces is still accepted.",
      }),
    },
  },
});

/** `POST /inventory-feeds/{id}/rotate-hash.json`. */
export const rotateFeedHash = defineAction({
  name: "rotate-hash",
  method: "POST",
  source: "extension",
  summary: rotation("hash"),
  input: {},
  output: {
    fields: {
      hash: f.string({ required: true, secret: "shownOnce", description: "The new hash; shown this once." }),
      previousExpiresAt: f.datetime({
        required: true,
        description: "Until when the hash it replaces is still accepted.",
      }),
    },
  },
});

/**
 * `POST /<plural>/{id}/rotate-signing-secret.json` of the kinds that call out: a record made before
 * signing secrets existed gets its first one this way.
 */
export const rotateSigningSecret = defineAction({
  name: "rotate-signing-secret",
  method: "POST",
  source: "extension",
  summary:
    "Make a new signing secret for the record's callouts: this answer shows it, once; every callout is signed with it from now on, retries of earlier ones included.",
  input: {},
  output: {
    fields: {
      signingSecret: f.string({
        required: true,
        secret: "shownOnce",
        description: "The new signing secret; shown this once.",
      }),
    },
  },
});
