// Opening DATABASE_URL for a server or a command, with what goes wrong told in a line: a server that
// does not answer, a token it refuses, a database never migrated. Checked before anything else is
// asked of the configuration (SECRETS_KEY), so that the first message is about the first mistake.
import { isEmbedded } from "../config.ts";
import { codeOf, messageOf, propertyOf } from "../errors.ts";
import { StartupError, shownDatabaseUrl } from "../startup-errors.ts";
import type { Db } from "./database.ts";
import type { NativeOptions } from "./native.ts";
import { openDb, prepareFile } from "./open.ts";
import { readiness } from "./readiness.ts";

/** The command that migrates a remote database, as a newcomer types it. */
export const MIGRATE_COMMAND = "DATABASE_URL=... DATABASE_AUTH_TOKEN=... npx -y pnpm@10.34.8 db:migrate";

/** Why a database could not be opened or asked, in words (no stack). */
export function describeDatabaseError(error: unknown): string {
  const message = messageOf(error);
  const cause = propertyOf(error, "cause");
  const code = codeOf(cause) ?? codeOf(error) ?? "";
  // Node's fetch says it with a code in its cause; Deno's in the message.
  const causeText = propertyOf(cause, "message");
  const causeMessage = typeof causeText === "string" ? causeText : "";
  const said = `${message} ${causeMessage}`;
  if (code === "ECONNREFUSED" || /ECONNREFUSED|connection refused/i.test(said))
    return "nothing answers there (connection refused)";
  if (
    code === "ENOTFOUND" ||
    code === "EAI_AGAIN" ||
    /ENOTFOUND|dns error|failed to lookup address|Name or service not known/i.test(said)
  )
    return "its host name does not resolve";
  if (code === "ETIMEDOUT" || /ETIMEDOUT/.test(message)) return "the connection timed out";
  if (/bad port/.test(causeMessage)) return "fetch refuses to connect to that port";
  if (/\b401\b|UNAUTHORIZED|\b403\b|FORBIDDEN/i.test(message))
    return "the server refused DATABASE_AUTH_TOKEN: set it to a token of this database (`turso db tokens create <database>`)";
  if (/SQLITE_CANTOPEN|unable to open/i.test(message))
    return "the file cannot be opened there (check the path and its folder's permissions)";
  if (/SQLITE_NOTADB|not a database/i.test(message)) return "the file there is not a database";
  const detail = causeMessage && causeMessage !== message ? `${message}: ${causeMessage}` : message;
  return detail.split("\n")[0]!;
}

/** Creates the folder of an embedded database file; one that cannot be made is a StartupError. */
export function prepareDatabaseFile(url: string): void {
  try {
    prepareFile(url);
  } catch (error) {
    throw new StartupError(
      `Cannot create the folder of the database ${shownDatabaseUrl(url)}: ${describeDatabaseError(error)}. Check DATABASE_URL.`,
    );
  }
}

/**
 * Opens DATABASE_URL and, for a server, asks it a first question (within `timeoutMs`): one that does not
 * answer is a StartupError naming the URL and saying what to check.
 */
export async function reachDatabase(
  url: string,
  authToken: string | undefined,
  options: NativeOptions & { timeoutMs?: number } = {},
): Promise<Db> {
  const shown = shownDatabaseUrl(url);
  let db: Db | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    prepareDatabaseFile(url);
    db = await openDb(url, authToken, options);
    if (!isEmbedded(url)) {
      const timeoutMs = options.timeoutMs ?? 10_000;
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
      });
      await Promise.race([db.execute("SELECT 1"), timedOut]);
    }
    return db;
  } catch (error) {
    db?.close();
    const where = isEmbedded(url) ? `the database ${shown}` : `the database at DATABASE_URL (${shown})`;
    const why = describeDatabaseError(error);
    // A refused token says what to do itself; otherwise, where to look.
    const todo = /DATABASE_AUTH_TOKEN/.test(why)
      ? ""
      : ` Check DATABASE_URL${isEmbedded(url) ? "" : " and that the database server is running"}.`;
    throw new StartupError(`Cannot open ${where}: ${why}.${todo}`);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Throws a StartupError saying to run db:migrate when the database lacks a migration of `expected`
 * (every one this build ships), or was never migrated.
 */
export async function assertMigrated(db: Db, url: string, expected: readonly string[]): Promise<void> {
  const state = await readiness(db, expected);
  if (state.ready) return;
  const shown = shownDatabaseUrl(url);
  if (state.error) {
    throw new StartupError(
      `Cannot read the database at DATABASE_URL (${shown}): ${describeDatabaseError(state.error)}.`,
    );
  }
  const what = /no migrations/.test(state.reason)
    ? "has never been migrated"
    : `lacks migrations (${state.reason.replace(/^Migrations not applied: /, "").replace(/; run db:migrate\.$/, "")})`;
  throw new StartupError(
    `The database at DATABASE_URL (${shown}) ${what}: run \`${MIGRATE_COMMAND}\` first.`,
  );
}
