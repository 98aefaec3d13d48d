/**
 * Logs, with LogTape on every runtime: one JSON object per line (Node, Deno: stdout) or per
 * `console.log` call (Workers, where Workers Logs indexes its fields). The access log is one record per
 * request; errors carry the request id, and a stack only when the answer was a 500.
 */
import {
  configureSync,
  disposeSync,
  getJsonLinesFormatter,
  getLogger,
  type LogLevel,
  type LogRecord,
  type Sink,
} from "@logtape/logtape";
import type { RequestObserver, RequestSummary } from "../http/observe.ts";

/** Every record of the service is under this category (`multichannel.http`, `multichannel.server`, ...). */
export const CATEGORY = "multichannel";

/** A record as one JSON line: `@timestamp`, `level`, `message`, `logger` and the record's properties. */
export const jsonLine = getJsonLinesFormatter({ properties: "flatten" });

/**
 * Writes each record as a JSON line through `write`, the lines of one turn of the event loop in one
 * call (a busy server answers many requests a turn; one write each would be a system call each).
 * Disposing it writes what is left (the entry does that before it exits).
 */
export function lineSink(write: (text: string) => void): Sink & Disposable {
  let pending = "";
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (!pending) return;
    const text = pending;
    pending = "";
    write(text);
  };
  const sink = (record: LogRecord) => {
    pending += jsonLine(record);
    if (pending.length > 64 * 1024) flush();
    else if (!scheduled) {
      scheduled = true;
      setTimeout(flush, 0);
    }
  };
  return Object.assign(sink, { [Symbol.dispose]: flush });
}

/**
 * Writes each record as an object to the console (`console.log`; warnings and errors to `console.warn`
 * and `console.error`): on Workers, Workers Logs indexes an object's fields.
 */
export function consoleObjectSink(out: Pick<Console, "log" | "warn" | "error"> = console): Sink {
  return (record) => {
    const object = JSON.parse(jsonLine(record)) as Record<string, unknown>;
    if (record.level === "error" || record.level === "fatal") out.error(object);
    else if (record.level === "warning") out.warn(object);
    else out.log(object);
  };
}

/**
 * Sends the service's records at `level` and above to `sink` (and LogTape's own warnings, such as a sink
 * that failed). Once per process or isolate: LogTape's configuration is global.
 */
export function configureLogging(level: LogLevel, sink: Sink): void {
  configureSync({
    reset: true,
    sinks: { out: sink },
    loggers: [
      { category: [CATEGORY], lowestLevel: level, sinks: ["out"] },
      { category: ["logtape", "meta"], lowestLevel: "warning", sinks: ["out"] },
    ],
  });
}

/** Writes out what the sinks hold and lets go of them (before the process exits). */
export function stopLogging(): void {
  disposeSync();
}

const access = getLogger([CATEGORY, "http", "access"]);

/**
 * The access log: one record per request, `info` (an answer of 500 or more: `error`), with the request's
 * id, method, route pattern, path (secret query values masked), status, duration, body size, company and
 * API key (the token's id, never the token). Nothing of the request's or answer's body.
 */
export const accessLog: RequestObserver = (summary: RequestSummary) => {
  const properties = {
    requestId: summary.requestId ?? null,
    method: summary.method,
    route: summary.route ?? null,
    path: summary.path,
    status: summary.status,
    durationMs: summary.durationMs,
    bytes: summary.bytes ?? null,
    companyId: summary.companyId ?? null,
    keyId: summary.keyId ?? null,
  };
  if (summary.status >= 500) access.error("request", properties);
  else access.info("request", properties);
};
