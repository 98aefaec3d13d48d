import { Webhook } from "standardwebhooks";

/** A new signing secret: `whsec_` and the base64 of 32 random bytes, as Standard Webhooks writes them. */
export function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `whsec_${btoa(String.fromCharCode(...bytes))}`;
}

/** What a read shows of a secret: enough to tell two apart, too little to sign with. */
export function secretHint(secret: string): string {
  return `${secret.slice(0, 10)}…`;
}

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
