import { Webhook } from "standardwebhooks";

/**
 * The Standard Webhooks headers of one delivery: `webhook-id` (the same on every retry and replay, so
 * receivers can de-duplicate), `webhook-timestamp` (seconds) and `webhook-signature`, one `v1,<base64>`
 * per valid secret, space-separated (two while a rotated-out secret is still honoured).
 */
export function signedHeaders(
  messageId: string,
  at: Date,
  body: string,
  secrets: readonly string[],
): Record<string, string> {
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(" "),
  };
}
