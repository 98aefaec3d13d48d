/**
 * Where the app's own records go (an unexpected error with its request id and stack, a readiness
 * problem, a client that went away), as LogTape's loggers take them, so that Node and Deno hand over
 * LogTape's logger and the Worker a console one (see `ops/console-log.ts`).
 */
export interface AppLog {
  debug(message: string, properties?: Record<string, unknown>): void;
  warn(message: string, properties?: Record<string, unknown>): void;
  error(message: string, properties?: Record<string, unknown>): void;
}

/** The log of an app given none (the test suites, an app embedded elsewhere): unexpected errors on stderr. */
export const stderrLog: AppLog = {
  debug() {},
  warn() {},
  error(message, properties) {
    console.error(`[${properties?.requestId}]`, properties?.error ?? message);
  },
};
