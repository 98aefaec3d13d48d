// The login of the suites' mail server (`smtp-receiver.ts`), apart from it: a global setup reads it
// outside any test file, where the receiver's test hooks cannot be registered.

export const SMTP_USER = "orders-relay";
/** A password with characters SMTP_URL must percent-encode. */
export const SMTP_PASSWORD = "s3cret@pass:word";

/** The SMTP_URL of a server on `port`, with the receiver's login (or `password` in its place). */
export function smtpUrl(port: number, password = SMTP_PASSWORD): string {
  return `smtp://${encodeURIComponent(SMTP_USER)}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
}
