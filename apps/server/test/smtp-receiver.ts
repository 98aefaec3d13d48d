// A mail server on 127.0.0.1 for the e-mail suites: a real SMTP server (smtp-server) that asks for a
// login, records every message it accepts (parsed with mailparser) and refuses the recipients it is told to.
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { atEnd } from "./at-end.ts";
import { SMTP_PASSWORD, SMTP_USER, smtpUrl } from "./smtp-login.ts";

export interface ReceivedMail {
  /** The envelope: who the client said it was from and to. */
  envelope: { from: string; to: string[] };
  /** The login the client authenticated with. */
  user: string;
  parsed: ParsedMail;
}

/**
 * Starts a mail server on 127.0.0.1 (on `port`, or a free one): plain SMTP with a login (no TLS, so
 * that the test needs no certificate), refusing with 550 the recipients `refuses` names. Closed after
 * the test file, or by `close`.
 */
export async function startSmtpReceiver({
  refuses = () => false,
  port: wanted = 0,
}: {
  refuses?: (to: string) => boolean;
  port?: number;
} = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    logger: false,
    // No reverse lookup of 127.0.0.1: it only slows each connection down.
    disableReverseLookup: true,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) {
        callback(null, { user: auth.username });
      } else {
        callback(Object.assign(new Error("Authentication credentials invalid"), { responseCode: 535 }));
      }
    },
    onRcptTo(address, _session, callback) {
      if (refuses(address.address)) {
        callback(
          Object.assign(new Error(`<${address.address}>: Recipient address rejected: no such mailbox`), {
            responseCode: 550,
          }),
        );
      } else {
        callback();
      }
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            },
            user: String(session.user ?? ""),
            parsed,
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(wanted, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  atEnd(() => (server.server.listening ? close() : undefined));
  return { port, url: smtpUrl(port), received, close };
}
