// Mistakes in how the server or a command was started (its configuration, its database): each is told
// in a line or two that say what is wrong and what to do, never with a stack trace.

/** A start-up, configuration or command-line mistake: its message is all a person needs to read. */
export class StartupError extends Error {
  override name = "StartupError";
}

/** Also true across module copies (tsx and a build may load this file twice). */
export function isStartupError(error: unknown): error is StartupError {
  return error instanceof StartupError || (error instanceof Error && error.name === "StartupError");
}

/**
 * What a command or an entry does with an error it did not expect to handle: a StartupError is its
 * message on stderr and exit code 1; anything else is thrown on (a bug: its stack is wanted).
 */
export function exitOnStartupError(error: unknown, exit: (code: number) => never = process.exit): never {
  if (!isStartupError(error)) throw error;
  console.error(error.message);
  return exit(1);
}

/**
 * DATABASE_URL as it may be shown: an embedded file as it is; a server's scheme and host only (a URL
 * may carry credentials in its user part or its query).
 */
export function shownDatabaseUrl(url: string): string {
  if (url.startsWith("file:") || url === ":memory:") return url;
  try {
    const parsed = new URL(url);
    return parsed.host ? `${parsed.protocol}//${parsed.host}` : parsed.protocol;
  } catch {
    const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:/.exec(url);
    return scheme ? `${scheme[0]}...` : "(not a URL)";
  }
}
