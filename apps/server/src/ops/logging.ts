/**
 * Logs of the Node and Deno servers, with LogTape: one JSON object per line on stdout. The access log is
 * one record per request; errors carry the request id, and a stack only when the answer was a 500. (The
 * Worker writes the same records as objects to the console, `console-log.ts`: its bundle has no room
 * for a logging library.)
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
import { isoStamps, laterUnheld } from "../clock.ts";
import type { AppLog } from "../http/log.ts";
import { accessRecord, type RequestObserver, type RequestSummary } from "../http/observe.ts";

/** Every record of the service is under this category (`multichannel.http`, `multichannel.server`, ...). */
export const CATEGORY = "multichannel";

/** A record as one JSON line: `@timestamp`, `level`, `message`, `logger` and the record's properties. */
export const jsonLine = getJsonLinesFormatter({ properties: "flatten" });

/**
 * Writes each record as a JSON line through `write`, many lines in one call: those of one turn of the
 * event loop (`holdMs` 0), or of up to `holdMs` (a busy server answers many requests a turn, and more in
 * a few milliseconds; one write each would be a system call each), and at once past `holdBytes`.
 * Disposing it writes what is left (the entries do that before they exit).
 */
export function lineSink(
  write: (text: string) => void,
  { holdMs = 0, holdBytes = 64 * 1024 }: { holdMs?: number; holdBytes?: number } = {},
): LineSink {
  let pending = "";
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (!pending) return;
    const text = pending;
    pending = "";
    write(text);
  };
  const line = (text: string) => {
    pending += text;
    if (pending.length > holdBytes) flush();
    else if (!scheduled) {
      scheduled = true;
      // Held lines never keep the process alive: its exit writes them (`stopLogging`).
      laterUnheld(flush, holdMs);
    }
  };
  const sink = (record: LogRecord) => line(jsonLine(record));
  return Object.assign(sink, { line, [Symbol.dispose]: flush });
}

/** How long the servers hold log lines to write them together, and how many characters at most. */
export const LOG_HOLD = { holdMs: 20, holdBytes: 16 * 1024 };

/** A sink of JSON lines that also takes lines made elsewhere (the access log's, see `accessLog`). */
export type LineSink = Sink & Disposable & { line(text: string): void };

/** Whether a sink takes whole lines too (the console's does; a test's may not). */
function isLineSink(sink: Sink): sink is LineSink {
  return "line" in sink;
}

/**
 * Where the access log writes its lines itself, and from which level (`configureLogging`): a record per
 * request through LogTape cost about ten times a line made here, so the access log makes the same
 * line (`jsonLine`'s fields, in its order) and hands it to the sink. Absent: through LogTape.
 */
let accessLines: { line(text: string): void; info: boolean; error: boolean } | undefined;

/**
 * Sends the service's records at `level` and above to `sink` (and LogTape's own warnings, such as a sink
 * that failed). Once per process or isolate: LogTape's configuration is global.
 */
export function configureLogging(level: LogLevel, sink: Sink): void {
  const levels: LogLevel[] = ["trace", "debug", "info", "warning", "error", "fatal"];
  const from = levels.indexOf(level);
  accessLines = isLineSink(sink)
    ? {
        line: sink.line,
        info: levels.indexOf("info") >= from,
        error: levels.indexOf("error") >= from,
      }
    : undefined;
  configureSync({
    reset: true,
    sinks: { out: sink },
    loggers: [
      { category: [CATEGORY], lowestLevel: level, sinks: ["out"] },
      { category: ["logtape", "meta"], lowestLevel: "warning", sinks: ["out"] },
    ],
  });
}

/** Writes out what the sinks hold and lets go of them (before the process exits): none is written to after. */
export function stopLogging(): void {
  accessLines = undefined;
  disposeSync();
}

/** The app's own records (unexpected errors, readiness problems): `multichannel.http`. */
export const appLog: AppLog = getLogger([CATEGORY, "http"]);

const access = getLogger([CATEGORY, "http", "access"]);

/** An answer's access record is `info`, or `error` for a 5xx. */
const levelOf = (status: number) => (status >= 500 ? "error" : "info");

/**
 * The access log: one record per request, `info` (an answer of 500 or more: `error`), with the request's
 * id, method, route pattern, path (secret query values masked), status, duration, body size, company and
 * API key (the token's id, never the token). Nothing of the request's or answer's body.
 */
export const accessLog: RequestObserver = Object.assign(
  (summary: RequestSummary) => {
    const level = levelOf(summary.status);
    if (!accessLines) {
      if (access.isEnabledFor(level)) access[level]("request", accessRecord(summary));
      return;
    }
    if (!accessLines[level]) return;
    accessLines.line(accessLine(summary, level));
  },
  {
    takes: (status: number) => {
      const level = levelOf(status);
      return accessLines ? accessLines[level] : access.isEnabledFor(level);
    },
  },
);

/** The access record as the JSON line `jsonLine` would make of it. */
function accessLine(s: RequestSummary, level: "info" | "error"): string {
  return (
    `{"@timestamp":"${answeredAt(s.answeredAt)}${LINE_HEAD[level]}${plain(s.requestId)},"method":${plain(s.method)},` +
    `"route":${plain(s.route)},"path":${pathText(s.path)},"status":${s.status},"durationMs":${thousandths(s.durationMs)},` +
    `"bytes":${s.bytes ?? null},"companyId":${s.companyId ?? null},"keyId":${s.keyId ?? null}}\n`
  );
}

const ACCESS_LOGGER = [CATEGORY, "http", "access"].join(".");
const answeredAt = isoStamps();
/** What follows the timestamp up to the request id, the same in every line of a level: one piece. */
const LINE_HEAD = {
  info: `","level":"INFO","message":"request","logger":"${ACCESS_LOGGER}","requestId":`,
  error: `","level":"ERROR","message":"request","logger":"${ACCESS_LOGGER}","requestId":`,
};

const LEADING_ZEROS = ["", "0", "00"];

/**
 * A duration as JSON writes it (`0.412`, `0.41`, `3`), made from its thousandths, to which the summary
 * rounds it: V8 turns a fraction into text in its runtime, about 600 instructions a line more. Anything
 * else (negative, not whole in thousandths, past 2^31 thousandths) is written by `String`, the same.
 */
function thousandths(ms: number): string {
  const n = Math.round(ms * 1000);
  if (!(n >= 0 && n <= 0x7fffffff && n / 1000 === ms)) return String(ms);
  const whole = Math.floor(n / 1000);
  let part = n - whole * 1000;
  if (part === 0) return `${whole}`;
  let digits = 3;
  while (part % 10 === 0) {
    part /= 10;
    digits--;
  }
  const text = `${part}`;
  return `${whole}.${LEADING_ZEROS[digits - text.length]}${text}`;
}

/**
 * A path as a JSON string: in quotes as it is when nothing in it needs escaping (a path as HTTP carries
 * it has no quote, backslash or control character, as a rule), else as `jsonLine` writes it:
 * `JSON.stringify`, and DEL and the C1 controls (U+007F–U+009F, which a terminal reads as control
 * codes) as `\uXXXX` escapes, as LogTape's JSON lines escape them.
 */
function pathText(path: string): string {
  for (let i = 0; i < path.length; i++) {
    const code = path.charCodeAt(i);
    if (
      code < 0x20 ||
      code === 0x22 ||
      code === 0x5c ||
      (code >= 0x7f && code <= 0x9f) ||
      (code >= 0xd800 && code <= 0xdfff)
    ) {
      return JSON.stringify(path).replace(TERMINAL_CONTROLS, escapedControl);
    }
  }
  return `"${path}"`;
}

const TERMINAL_CONTROLS = /[\u007f-\u009f]/g;
const escapedControl = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;

/**
 * A JSON string of a value that needs no escaping, or null: a request id (the server's, or the client's
 * when it is made of `A-Za-z0-9._:-` only), a method (an HTTP token) or a route pattern of the app.
 */
const plain = (value: string | undefined) => (value === undefined ? "null" : `"${value}"`);
