/**
 * The Worker's logs: each record an object given to the console (`console.log`, `console.warn` for
 * warnings, `console.error` for errors), which Workers Logs indexes field by field. The records are
 * those the Node and Deno servers write with LogTape (`logging.ts`): `@timestamp`, `level`, `message`,
 * `logger` and the record's fields. Not LogTape itself: with it the Worker's bundle was over its budget,
 * and an object for the console needs no formatter.
 */
import type { AppLog } from "../http/log.ts";
import { accessRecord, type RequestObserver } from "../http/observe.ts";

const LEVELS = ["trace", "debug", "info", "warning", "error", "fatal"] as const;
export type ConsoleLevel = (typeof LEVELS)[number];

type Out = Pick<Console, "log" | "warn" | "error">;

/** The Worker's access log and app log, writing the records at `lowest` and above to `out`. */
export function consoleLogs(
  lowest: ConsoleLevel,
  out: Out = console,
): { appLog: AppLog; accessLog: RequestObserver } {
  const floor = LEVELS.indexOf(lowest);
  const write = (
    level: ConsoleLevel,
    logger: string,
    message: string,
    properties: Record<string, unknown> = {},
  ) => {
    if (LEVELS.indexOf(level) < floor) return;
    const record = {
      "@timestamp": new Date().toISOString(),
      level: level === "warning" ? "WARN" : level.toUpperCase(),
      message: message.replace(/\{(\w+)\}/g, (_, name: string) => String(properties[name])),
      logger,
      ...properties,
      ...(properties.error instanceof Error ? { error: errorRecord(properties.error) } : {}),
    };
    if (level === "error" || level === "fatal") out.error(record);
    else if (level === "warning") out.warn(record);
    else out.log(record);
  };
  return {
    appLog: {
      debug: (message, properties) => write("debug", "multichannel.http", message, properties),
      warn: (message, properties) => write("warning", "multichannel.http", message, properties),
      error: (message, properties) => write("error", "multichannel.http", message, properties),
    },
    accessLog: (summary) =>
      write(
        summary.status >= 500 ? "error" : "info",
        "multichannel.http.access",
        "request",
        accessRecord(summary),
      ),
  };
}

/** An error as the record shows it (an Error's own fields are not enumerable). */
function errorRecord(error: Error): Record<string, unknown> {
  return { name: error.name, message: error.message, stack: error.stack };
}
