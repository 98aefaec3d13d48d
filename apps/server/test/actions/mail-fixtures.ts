// A dispatcher that e-mails purchase orders through a test's SMTP receiver on 127.0.0.1, on a clock
// the test moves to walk the retry schedule.
import type { Db } from "../../src/db/database.ts";
import { smtpMailSender } from "../../src/ops/smtp-mail.ts";
import { RETRY_DELAYS_S } from "../../src/services/webhooks/deliveries.ts";
import { createDispatcher } from "../../src/services/webhooks/dispatcher.ts";

/** The dispatcher of `db`, e-mailing through `smtpUrl`, its clock a minute ahead of now. */
export function mailDispatcher(db: Db, smtpUrl: string) {
  const clock = { now: Date.now() + 60_000 };
  const dispatcher = createDispatcher({
    db,
    policy: { allowLocal: true },
    now: () => clock.now,
    random: () => 0.5,
    mail: smtpMailSender(smtpUrl),
  });
  /** Moves the clock past the next retry (the `n`th failed attempt's delay) and runs the dispatcher. */
  const retry = async (n: number) => {
    clock.now += RETRY_DELAYS_S[n - 1]! * 1000 * 1.2;
    await dispatcher.runOnce();
  };
  return { dispatcher, clock, retry };
}
