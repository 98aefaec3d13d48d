/**
 * Files the service downloads from a URL a company named (an inventory feed's `url`, a data import's
 * `fileUri`): one way for all of them. The URL is checked against the outbound policy first
 * (`domain/outbound-urls.ts`), a redirect is never followed, and the answer comes as a stream of bytes
 * that fails once it passes the size limit or once the server keeps it waiting too long, so a file
 * never takes more memory than its reader holds, nor a stalled server a worker for ever.
 */
import { type OutboundPolicy, refusal } from "../domain/outbound-urls.ts";
import { failureOf, USER_AGENT } from "./webhooks/outbound.ts";

/**
 * Why a download failed, before its answer or while its body streamed: the URL `refused` by the policy,
 * an `answer` other than 2xx, a `timeout`, a `network` error, or a file `too_large`.
 */
export type DownloadFailure = "refused" | "answer" | "timeout" | "network" | "too_large";

/**
 * Answers of a server that is busy or down for a while (a timeout, too many requests, a server error):
 * the same download later may well succeed. Any other answer (a 404, a 401, a redirect) says the URL or
 * its credentials are wrong, and trying again changes nothing.
 */
const passingAnswer = (status: number) => status === 408 || status === 429 || status >= 500;

/** A download that failed; its message says why, as the record that names the file shows it. */
export class DownloadFailed extends Error {
  constructor(
    message: string,
    readonly reason: DownloadFailure,
    /** The server's status, for an `answer`. */
    readonly status?: number,
  ) {
    super(message);
  }

  /**
   * Whether the same download may succeed later: the server kept it waiting, the connection failed or
   * broke off, or the server answered that it is busy or down (408, 429, 5xx). A URL refused, any other
   * answer and a file too large fail the same way however often they are tried.
   */
  get passing(): boolean {
    if (this.reason === "timeout" || this.reason === "network") return true;
    return this.reason === "answer" && this.status !== undefined && passingAnswer(this.status);
  }
}

/** A download under way: its body as it arrives, the type and length its server declared. */
export interface Download {
  body: ReadableStream<Uint8Array>;
  contentType: string | null;
  declaredBytes?: number;
}

export interface DownloadLimits {
  /** The longest wait on the server: for its answer, and for each next piece of the body. */
  timeoutMs: number;
  /** The largest body read: past it the stream fails (`too_large`). */
  maxBytes: number;
  headers?: Record<string, string>;
  fetcher?: typeof fetch;
}

const timeoutError = () => new DOMException("The server kept the download waiting.", "TimeoutError");

/**
 * GETs `url` under the policy. Throws `DownloadFailed` when the URL is refused, the server answers
 * anything but 2xx (a redirect included) or declares a body over `maxBytes`, or no answer comes within
 * `timeoutMs`. The body streams as its reader asks for it (nothing is read ahead), and fails with
 * `DownloadFailed` past `maxBytes`, when the server sends nothing for `timeoutMs` while a piece is
 * awaited (the reader's own time between pieces does not count), or when the connection breaks.
 */
export async function openDownload(
  url: string,
  policy: OutboundPolicy,
  { timeoutMs, maxBytes, headers = {}, fetcher = policy.fetch ?? fetch }: DownloadLimits,
): Promise<Download> {
  const refused = await refusal(url, policy);
  if (refused) throw new DownloadFailed(`The URL ${refused}.`, "refused");
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(timeoutError()), timeoutMs);
  let response: Response;
  try {
    response = await fetcher(url, {
      headers: { "User-Agent": USER_AGENT, ...headers },
      redirect: "manual",
      signal: abort.signal,
    });
  } catch (error) {
    throw failed(error, timeoutMs);
  } finally {
    clearTimeout(timer);
  }
  if (response.status < 200 || response.status > 299 || !response.body) {
    await response.body?.cancel().catch(() => {});
    throw new DownloadFailed(answerMessage(response.status), "answer", response.status);
  }
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body.cancel().catch(() => {});
    throw tooLarge(maxBytes);
  }
  return {
    body: boundedBody(response.body, abort, { timeoutMs, maxBytes }),
    contentType: response.headers.get("content-type"),
    ...(Number.isFinite(declared) ? { declaredBytes: declared } : {}),
  };
}

/**
 * Runs `download`, given a fetch to download with, within `ms` in all: `timeoutMs` bounds each wait on
 * the server, and a server that sends a little now and then never waits that long; this bounds the
 * whole download (its reader's own time included: for a reader that only stores the file). Past it the
 * download is aborted and fails with `DownloadFailed` (`timeout`).
 */
export async function withinTime<T>(
  fetcher: typeof fetch,
  ms: number,
  download: (fetcher: typeof fetch) => Promise<T>,
): Promise<T> {
  const limit = new AbortController();
  const overdue = new DownloadFailed(`The server took more than ${ms / 1000} s to send the file.`, "timeout");
  const timer = setTimeout(() => limit.abort(overdue), ms);
  const limited: typeof fetch = (input, init) =>
    fetcher(input, {
      ...init,
      signal: init?.signal ? AbortSignal.any([init.signal, limit.signal]) : limit.signal,
    });
  try {
    return await download(limited);
  } catch (error) {
    throw limit.signal.aborted ? overdue : error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `body`, its reader's waits on the server bounded to `ms` in all: only the time a read is pending
 * counts, not the reader's own time between reads (an import applying the rows it read), so a server
 * that sends a little now and then is given up however long the reader takes. Past it the body fails
 * with `DownloadFailed` (`timeout`) and is cancelled, which aborts its download. `clock`: milliseconds.
 */
export function withinWaitingTime(
  body: ReadableStream<Uint8Array>,
  ms: number,
  clock: () => number = () => performance.now(),
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const overdue = new DownloadFailed(
    `The server took more than ${ms / 1000} s in all to send the file.`,
    "timeout",
  );
  let waited = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const start = clock();
        let timer: ReturnType<typeof setTimeout> | undefined;
        try {
          if (waited >= ms) throw overdue;
          const late = new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(overdue), ms - waited);
          });
          const { done, value } = await Promise.race([reader.read(), late]);
          if (done) controller.close();
          else controller.enqueue(value);
        } catch (error) {
          controller.error(error);
          await reader.cancel(error).catch(() => {});
        } finally {
          clearTimeout(timer);
          waited += clock() - start;
        }
      },
      cancel: (reason) => reader.cancel(reason),
    },
    // Nothing is read ahead: a read pending while the reader is busy would count as waiting.
    { highWaterMark: 0 },
  );
}

function answerMessage(status: number): string {
  return status >= 300 && status < 400
    ? `The server answered ${status} (a redirect, not followed): name the address the file is at.`
    : `The server answered ${status}.`;
}

const tooLarge = (maxBytes: number) =>
  new DownloadFailed(`The file is larger than ${maxBytes} bytes.`, "too_large");

/** A fetch's failure as a `DownloadFailed`: its time ran out, or the network's error. */
function failed(error: unknown, timeoutMs: number): DownloadFailed {
  const message = failureOf(error, timeoutMs);
  return new DownloadFailed(message, message.startsWith("No answer") ? "timeout" : "network");
}

/**
 * The body, read only when its reader asks (`highWaterMark` 0: nothing waits in a queue), each wait on
 * the server bounded by `timeoutMs`, and its size by `maxBytes`.
 */
function boundedBody(
  body: ReadableStream<Uint8Array>,
  abort: AbortController,
  { timeoutMs, maxBytes }: { timeoutMs: number; maxBytes: number },
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let size = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let timedOut = false;
        const timer = setTimeout(() => {
          timedOut = true;
          abort.abort(timeoutError());
        }, timeoutMs);
        try {
          const { done, value } = await reader.read();
          if (done) return controller.close();
          size += value.byteLength;
          if (size > maxBytes) throw tooLarge(maxBytes);
          controller.enqueue(value);
        } catch (error) {
          const failure =
            error instanceof DownloadFailed
              ? error
              : timedOut
                ? new DownloadFailed(`The server sent nothing for ${timeoutMs / 1000} s.`, "timeout")
                : new DownloadFailed(`The download broke off: ${failureOf(error, timeoutMs)}`, "network");
          controller.error(failure);
          await reader.cancel(failure).catch(() => {});
        } finally {
          clearTimeout(timer);
        }
      },
      async cancel(reason) {
        await reader.cancel(reason).catch(() => {});
        abort.abort(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
