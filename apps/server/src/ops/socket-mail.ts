/**
 * The Worker's mail sender: SMTP over the runtime's TCP sockets (`cloudflare:sockets`), by
 * worker-mailer. Workers have no `net` or `tls`, so nodemailer cannot run there; only `worker.ts`
 * imports this file. One connection per message, as on Node.
 */
import type { EmailOptions, WorkerMailerOptions } from "worker-mailer";
import type { MailAnswer, MailMessage, MailSender } from "../domain/mail.ts";

/**
 * Each wait (connecting, each reply) is bounded, so that an attempt ends well within the delivery's
 * lease (worker-mailer 1.2.1 waits for a reply as long as for the connection: `socketTimeoutMs`).
 * SMTP_URL's query options are Node's (nodemailer's); only its scheme, host, port and credentials
 * apply here. The package is patched (`patches/worker-mailer@1.2.1.patch`): a server that hangs up
 * mid-session ends the attempt (unpatched, its reader spins on the closed stream and stalls the
 * isolate), and the connection is closed whether the message went or not.
 */
const WAITS_MS = { socketTimeoutMs: 8_000, responseTimeoutMs: 8_000 };

/** Sends through the mail server at `url`: `smtps://` is TLS from the start (port 465 by default), `smtp://` upgrades with STARTTLS when offered (587). */
export function socketMailSender(url: string): MailSender {
  const server = serverOf(url);
  return async (message: MailMessage): Promise<MailAnswer> => {
    try {
      // Loaded when first needed: it imports `cloudflare:sockets`, which only workerd has, and the
      // Worker's module is also loaded by Node (its configuration tests).
      const { WorkerMailer } = await import("worker-mailer");
      await WorkerMailer.send(server, emailOf(message));
      // worker-mailer does not hand back the server's reply: accepted is all it says.
      return { ok: true };
    } catch (error) {
      return refusal(error);
    }
  };
}

/** How to reach and log in to the server SMTP_URL names (its credentials percent-decoded). */
export function serverOf(url: string): WorkerMailerOptions {
  const parsed = new URL(url);
  const secure = parsed.protocol === "smtps:";
  const username = decodeURIComponent(parsed.username);
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    startTls: !secure,
    ...(username ? { credentials: { username, password: decodeURIComponent(parsed.password) } } : {}),
    authType: ["plain", "login"],
    ...WAITS_MS,
  };
}

/** `Acme Orders <orders@example.com>` as a name and an address; a bare address as is. */
function mailbox(address: string): { name?: string; email: string } {
  const named = /^(.+?)\s*<([^<>]+)>$/.exec(address);
  return named ? { name: named[1]!, email: named[2]! } : { email: address };
}

function emailOf(message: MailMessage): EmailOptions {
  return {
    from: mailbox(message.from),
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: message.attachments.map((file) => ({
      filename: file.filename,
      mimeType: file.contentType,
      content: base64(file.content),
    })),
  };
}

/** Text as base64 of its UTF-8 bytes (worker-mailer takes attachments so). */
function base64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Why a message was not sent. worker-mailer's errors name the step and carry the server's reply
 * (`Invalid RCPT TO: <x> 550 ...`), never the credentials.
 */
function refusal(error: unknown): MailAnswer {
  const text = (error instanceof Error ? error.message : String(error)).trim().replace(/[.\s]+$/, "");
  const code = /(?:^|\s)([45]\d\d)[ -]/.exec(text);
  return code
    ? { ok: false, code: Number(code[1]), reply: text, error: `The mail server refused it: ${text}.` }
    : { ok: false, error: `The mail server could not be reached: ${text}.` };
}
