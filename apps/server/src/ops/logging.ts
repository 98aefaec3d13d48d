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
import { asciiBytes, LineBuffer } from "./line-buffer.ts";

/** Every record of the service is under this category (`multichannel.http`, `multichannel.server`, ...). */
export const CATEGORY = "multichannel";

/** A record as one JSON line: `@timestamp`, `level`, `message`, `logger` and the record's properties. */
export const jsonLine = getJsonLinesFormatter({ properties: "flatten" });

/**
 * Writes each record as a JSON line through `write`, many lines in one call: those of one turn of the
 * event loop (`holdMs` 0), or of up to `holdMs` (a busy server answers many requests a turn, and more in
 * a few milliseconds; one write each would be a system call each), and at once past `holdBytes`.
 * The lines are held as UTF-8 bytes in one kept buffer, and `write` is handed a view of it: it must be
 * done with the bytes when it returns. Disposing it writes what is left (the entries do that before
 * they exit).
 */
export function lineSink(
  write: (bytes: Uint8Array) => void,
  { holdMs = 0, holdBytes = 64 * 1024 }: { holdMs?: number; holdBytes?: number } = {},
): LineSink {
  // Room past `holdBytes` for the line that goes over it.
  const held = new LineBuffer(holdBytes + LINE_ROOM);
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (!held.used) return;
    write(held.held());
    held.clear();
  };
  const room = (bytes: number) => {
    if (bytes > held.free) flush();
    return bytes <= held.free ? held : undefined;
  };
  const added = () => {
    if (held.used > holdBytes) flush();
    else if (!scheduled) {
      scheduled = true;
      // Held lines never keep the process alive: its exit writes them (`stopLogging`).
      laterUnheld(flush, holdMs);
    }
  };
  const line = (text: string) => {
    const out = room(text.length * 3);
    if (out) out.text(text);
    else write(encoder.encode(text));
    added();
  };
  const sink = (record: LogRecord) => line(jsonLine(record));
  return Object.assign(sink, { line, room, added, [Symbol.dispose]: flush });
}

/** How many bytes a line may take past a sink's `holdBytes` and still be held (one longer is written alone). */
const LINE_ROOM = 32 * 1024;

const encoder = new TextEncoder();

/** How long the servers hold log lines to write them together, and how many bytes at most. */
export const LOG_HOLD = { holdMs: 20, holdBytes: 16 * 1024 };

/**
 * A sink of JSON lines that also takes lines made elsewhere: as text (`line`), or written straight into
 * its bytes (`room` answers its buffer when it has room for a line of that many bytes, then `added`).
 */
export type LineSink = Sink &
  Disposable & {
    line(text: string): void;
    room(bytes: number): LineBuffer | undefined;
    added(): void;
  };

/** Whether a sink takes whole lines too (the console's does; a test's may not). */
function isLineSink(sink: Sink): sink is LineSink {
  return "line" in sink;
}

/**
 * Where the access log writes its lines itself, and from which level (`configureLogging`): a record per
 * request through LogTape cost about ten times a line made here, so the access log writes the same
 * line (`jsonLine`'s fields, in its order) straight into the sink's bytes. Absent: through LogTape.
 */
let accessLines: { sink: LineSink; info: boolean; error: boolean } | undefined;

/**
 * Sends the service's records at `level` and above to `sink` (and LogTape's own warnings, such as a sink
 * that failed). Once per process or isolate: LogTape's configuration is global.
 */
export function configureLogging(level: LogLevel, sink: Sink): void {
  const levels: LogLevel[] = ["trace", "debug", "info", "warning", "error", "fatal"];
  const from = levels.indexOf(level);
  accessLines = isLineSink(sink)
    ? {
        sink,
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

/** Writes out what the sinks hold and lets go of them (before the process exits). */
export function stopLogging(): void {
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
    const { sink } = accessLines;
    const out = sink.room(accessLineBytes(summary));
    if (out) writeAccessLine(out, summary, level);
    else sink.line(accessLineText(summary, level));
    sink.added();
  },
  {
    takes: (status: number) => {
      const level = levelOf(status);
      return accessLines ? accessLines[level] : access.isEnabledFor(level);
    },
  },
);

/** At most how many bytes an access line takes (a JSON string's character six at most, `\u0000`). */
function accessLineBytes(s: RequestSummary): number {
  const texts = (s.requestId?.length ?? 0) + s.method.length + (s.route?.length ?? 0) + s.path.length;
  return ACCESS_LINE_BYTES + 6 * texts;
}

/** The access record as the JSON line `jsonLine` would make of it, written into `out`. */
function writeAccessLine(out: LineBuffer, s: RequestSummary, level: "info" | "error"): void {
  out.raw(LINE_START);
  out.ascii(answeredAt(s.answeredAt));
  out.raw(LINE_HEAD[level]);
  orNull(out, s.requestId);
  out.raw(METHOD);
  out.jsonString(s.method);
  out.raw(ROUTE);
  orNull(out, s.route);
  out.raw(PATH);
  out.jsonString(s.path);
  out.raw(STATUS);
  out.number(s.status);
  out.raw(DURATION);
  out.number(s.durationMs);
  out.raw(BYTES);
  orNull(out, s.bytes);
  out.raw(COMPANY);
  orNull(out, s.companyId);
  out.raw(KEY);
  orNull(out, s.keyId);
  out.raw(LINE_END);
}

/** A value of the line, or `null`. */
function orNull(out: LineBuffer, value: string | number | undefined): void {
  if (value === undefined) out.raw(NULL);
  else if (typeof value === "string") out.jsonString(value);
  else out.number(value);
}

/** The same line as text, by LogTape's formatter: for one too long for the sink's buffer. */
function accessLineText(s: RequestSummary, level: "info" | "error"): string {
  return jsonLine({
    category: [CATEGORY, "http", "access"],
    level,
    message: ["request"],
    rawMessage: "request",
    timestamp: s.answeredAt,
    properties: accessRecord(s),
  });
}

const ACCESS_LOGGER = [CATEGORY, "http", "access"].join(".");
const answeredAt = isoStamps();
// The line's pieces between its values, as bytes made once.
const LINE_START = asciiBytes('{"@timestamp":"');
/** What follows the timestamp up to the request id, the same in every line of a level: one piece. */
const LINE_HEAD = {
  info: asciiBytes(`","level":"INFO","message":"request","logger":"${ACCESS_LOGGER}","requestId":`),
  error: asciiBytes(`","level":"ERROR","message":"request","logger":"${ACCESS_LOGGER}","requestId":`),
};
const METHOD = asciiBytes(',"method":');
const ROUTE = asciiBytes(',"route":');
const PATH = asciiBytes(',"path":');
const STATUS = asciiBytes(',"status":');
const DURATION = asciiBytes(',"durationMs":');
const BYTES = asciiBytes(',"bytes":');
const COMPANY = asciiBytes(',"companyId":');
const KEY = asciiBytes(',"keyId":');
const LINE_END = asciiBytes("}\n");
const NULL = asciiBytes("null");
/** An access line's bytes besides its texts: its pieces, a timestamp and five numbers, with room to spare. */
const ACCESS_LINE_BYTES = 512;
