/**
 * E-mail as the service sends it (purchase orders to providers): the message a delivery carries, and
 * the sender each runtime injects (`SMTP_URL`: nodemailer on Node and Deno, SMTP over sockets on
 * Workers). The delivery machinery (`services/webhooks/deliveries.ts`) sends, retries and logs it.
 */
import * as v from "valibot";

/** What a deployment with mail configured tells the planners: the address messages come from. */
export interface MailSettings {
  /** `MAIL_FROM`. */
  readonly from: string;
}

const MailAttachmentSchema = v.object({
  filename: v.string(),
  contentType: v.string(),
  /** The file's text (UTF-8). */
  content: v.string(),
});

/** A message as a delivery stores it (its body, as JSON) and a sender sends it. */
export const MailMessageSchema = v.object({
  from: v.string(),
  // One plain address: it is written into the SMTP envelope as it is.
  to: v.pipe(v.string(), v.email()),
  subject: v.string(),
  text: v.string(),
  html: v.string(),
  attachments: v.array(MailAttachmentSchema),
});

export type MailMessage = v.InferOutput<typeof MailMessageSchema>;
export type MailAttachment = v.InferOutput<typeof MailAttachmentSchema>;

/** How the mail server took a message: accepted (its reply, e.g. `250 2.0.0 Ok: queued`) or why not. */
export interface MailAnswer {
  readonly ok: boolean;
  /** The SMTP reply code, when the server answered (250; 550 for a refused recipient). */
  readonly code?: number;
  /** The server's reply line, when it answered. */
  readonly reply?: string;
  /** Why it was not sent: the server's refusal, or why no server answered. Never a credential. */
  readonly error?: string;
}

/** Sends one message through the deployment's mail server. Never throws: a failure is an answer. */
export type MailSender = (message: MailMessage) => Promise<MailAnswer>;

/** What a purchase order to be e-mailed says when this deployment has no mail server. */
export const MAIL_NOT_CONFIGURED =
  "E-mail is not configured on this deployment: the operator sets SMTP_URL and MAIL_FROM to send purchase orders by e-mail.";

/** The `mailto:` URL a delivery of a message to `address` records as where it went. */
export const mailtoUrl = (address: string) => `mailto:${address}`;
