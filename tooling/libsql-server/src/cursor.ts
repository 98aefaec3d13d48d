import { toWireError } from "./errors.ts";
import { runBatchSteps } from "./pipeline.ts";
import type { BatchStep, WireCursorEntry, WireCursorRespBody } from "./protocol.ts";
import type { Stream } from "./streams.ts";

// Entries are written in chunks of about this many characters (and at the end of every step).
const CHUNK_CHARS = 16 * 1024;
// Chunks the body holds before the batch waits for the client to read.
const QUEUED_CHUNKS = 4;

export interface CursorRun {
  /** The response body: one JSON line with `header`, then one JSON line per cursor entry. */
  body: ReadableStream<Uint8Array>;
  /** Settles (never rejects) once every step has run, whether or not the client read the body. */
  finished: Promise<void>;
}

/**
 * Runs a batch for `POST /v3/cursor` and streams its entries: `step_begin`, `row`s and `step_end` for a step
 * that ran, `step_error` for one that failed, nothing for one whose condition was false, and a final `error`
 * if the batch as a whole failed. The batch runs to its end even if the client stops reading (as sqld's does),
 * so its effects never depend on how much of the response was read.
 */
export function runCursor(stream: Stream, steps: BatchStep[], header: WireCursorRespBody): CursorRun {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let cancelled = false;
  let pending = "";
  let wakeUp: (() => void) | undefined;
  const wake = () => {
    wakeUp?.();
    wakeUp = undefined;
  };

  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        c.enqueue(encoder.encode(`${JSON.stringify(header)}\n`));
      },
      pull: wake,
      cancel() {
        cancelled = true;
        wake();
      },
    },
    { highWaterMark: QUEUED_CHUNKS },
  );

  const flush = () => {
    if (pending === "") return;
    if (!cancelled) controller?.enqueue(encoder.encode(pending));
    pending = "";
  };
  /** Queues an entry; true when that filled a chunk and handed it to the body. */
  const send = (entry: WireCursorEntry): boolean => {
    if (cancelled) return false;
    pending += `${JSON.stringify(entry)}\n`;
    if (pending.length < CHUNK_CHARS) return false;
    flush();
    return true;
  };
  // Waits while the client has not read what is queued, unless it has gone away.
  const room = async () => {
    while (!cancelled && (controller?.desiredSize ?? 1) <= 0) {
      await new Promise<void>((resolve) => {
        wakeUp = resolve;
      });
    }
  };

  const finished = (async () => {
    try {
      for await (const outcome of runBatchSteps(stream, steps)) {
        if ("error" in outcome) {
          send({ type: "step_error", step: outcome.step, error: outcome.error });
        } else {
          const { cols, rows, affected_row_count, last_insert_rowid } = outcome.result;
          send({ type: "step_begin", step: outcome.step, cols });
          for (const row of rows) {
            if (send({ type: "row", row })) await room();
          }
          send({ type: "step_end", affected_row_count, last_insert_rowid });
        }
        flush();
        await room();
      }
    } catch (error) {
      const wireError = toWireError(error);
      if (wireError.code === "INTERNAL_ERROR") console.error("libsql dev server: cursor failed", error);
      send({ type: "error", error: wireError });
    } finally {
      flush();
      if (!cancelled) controller?.close();
    }
  })();

  return { body, finished };
}
