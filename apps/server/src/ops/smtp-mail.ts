/**
 * The mail sender of the Node and Deno servers: nodemailer's SMTP transport over SMTP_URL (Node's
 * `net` and `tls`, so only the entries import this file). One connection per message: purchase orders
 * are few, and a connection that a mail server dropped meanwhile is never reused.
 */
import { createTransport } from "nodemailer";
import type { MailAnswer, MailMessage, MailSender } from "../domain/mail.ts";

/**
 * Each wait of an attempt (connecting, the greeting, each reply) is bounded, so that an attempt ends
 * well within the delivery's lease; the URL's own query options (`?socketTimeout=...`) win.
 */
const WAITS_MS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 8_000 };

/** Sends through the mail server at `url` (`smtp://` or `smtps://`, credentials and query options as given). */
export function smtpMailSender(url: string): MailSender {
  const transport = createTransport({ url, ...WAITS_MS });
  return async (message: MailMessage): Promise<MailAnswer> => {
    try {
      const info = await transport.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments.map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: file.content,
        })),
      });
      return { ok: true, code: replyCode(info.response), reply: info.response };
    } catch (error) {
      return refusal(error);
    }
  };
}

/** The code a reply line starts with (`250 2.0.0 Ok` → 250). */
function replyCode(reply: string): number | undefined {
  const code = /^\d{3}/.exec(reply);
  return code ? Number(code[0]) : undefined;
}

/**
 * Why a message was not sent, in words an operator can act on: the server's reply when it refused
 * (`550 5.1.1 ... Recipient address rejected`), else what failed on the way. nodemailer's messages name
 * the host and the step, never the credentials.
 */
function refusal(error: unknown): MailAnswer {
  if (!(error instanceof Error)) {
    return { ok: false, error: `The mail server could not be reached: ${sentence(String(error))}` };
  }
  const code = Reflect.get(error, "responseCode");
  const response = Reflect.get(error, "response");
  if (typeof code === "number" && typeof response === "string") {
    return { ok: false, code, reply: response, error: `The mail server refused it: ${sentence(response)}` };
  }
  return { ok: false, error: `The mail server could not be reached: ${sentence(error.message)}` };
}

/** Text ending in one full stop, whatever it ended with. */
function sentence(text: string): string {
  return `${text.trim().replace(/[.\s]+$/, "")}.`;
}
