/**
 * How the service sends requests: each one checked against the outbound policy
 * (`domain/outbound-urls.ts`) first, redirects never followed, answers read up to a limit.
 */
import { type OutboundPolicy, refusal } from "../../domain/outbound-urls.ts";

/** Per attempt: the whole request, answer included. */
export const SEND_TIMEOUT_MS = 10_000;
/** How much of a receiver's answer is read (and kept, for the attempt log). */
export const MAX_RESPONSE_BYTES = 4096;

export interface OutboundRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** One attempt's outcome: the receiver's status and the start of its answer, or why there was none. */
export interface Outcome {
  ok: boolean;
  status?: number;
  error?: string;
  responseText?: string;
  durationMs: number;
}

async function readLimited(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < MAX_RESPONSE_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  const bytes = new Uint8Array(Math.min(size, MAX_RESPONSE_BYTES));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.length - offset);
    bytes.set(part, offset);
    offset += part.length;
    if (offset >= bytes.length) break;
  }
  return new TextDecoder().decode(bytes);
}

/** Why a request got no answer: its time ran out, or the network's error (its code, else its message). */
function failureOf(error: unknown, timeoutMs: number): string {
  const name = (error as { name?: string })?.name;
  if (name === "TimeoutError" || name === "AbortError") return `No answer within ${timeoutMs / 1000} s.`;
  return `Network error: ${String((error as { cause?: { code?: string } })?.cause?.code ?? (error as Error)?.message ?? error)}.`;
}

/**
 * Sends one request: checked against the policy first, never following a redirect, given up after
 * `timeoutMs` (10 s unless the callout says less); a 2xx answer is a success, anything else (a 3xx included) a failure to retry.
 */
export async function send(
  request: OutboundRequest,
  policy: OutboundPolicy,
  {
    fetcher = policy.fetch ?? fetch,
    clock = Date.now,
    timeoutMs = SEND_TIMEOUT_MS,
  }: { fetcher?: typeof fetch; clock?: () => number; timeoutMs?: number } = {},
): Promise<Outcome> {
  const started = clock();
  const refused = await refusal(request.url, policy);
  if (refused) return { ok: false, error: `The URL ${refused}.`, durationMs: 0 };
  try {
    const response = await fetcher(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    const responseText = await readLimited(response);
    const ok = response.status >= 200 && response.status < 300;
    return {
      ok,
      status: response.status,
      ...(ok ? {} : { error: `The receiver answered ${response.status}.` }),
      responseText,
      durationMs: Math.max(0, clock() - started),
    };
  } catch (error) {
    return { ok: false, error: failureOf(error, timeoutMs), durationMs: Math.max(0, clock() - started) };
  }
}

/** A file downloaded whole (`download`), or why it was not. */
export type Download =
  | { ok: true; bytes: Uint8Array<ArrayBuffer>; contentType: string | null }
  | { ok: false; error: string };

/**
 * GETs a file the company named (a feed's `url`), checked against the policy first, never following a
 * redirect, given up after `timeoutMs`. The body is read as it streams in and the download is abandoned
 * once it passes `maxBytes`, so a file never takes more memory than that bound.
 */
export async function download(
  url: string,
  policy: OutboundPolicy,
  {
    fetcher = policy.fetch ?? fetch,
    timeoutMs,
    maxBytes,
    headers = {},
  }: { fetcher?: typeof fetch; timeoutMs: number; maxBytes: number; headers?: Record<string, string> },
): Promise<Download> {
  const refused = await refusal(url, policy);
  if (refused) return { ok: false, error: `The URL ${refused}.` };
  try {
    const response = await fetcher(url, {
      headers,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status < 200 || response.status >= 300) {
      await response.body?.cancel().catch(() => {});
      const redirected = response.status >= 300 && response.status < 400;
      return {
        ok: false,
        error: redirected
          ? `The server answered ${response.status} (a redirect, not followed): set the feed's url to where the file is.`
          : `The server answered ${response.status}.`,
      };
    }
    const bytes = await readAtMost(response, maxBytes);
    if (!bytes) return { ok: false, error: `The file is larger than ${maxBytes} bytes.` };
    return { ok: true, bytes, contentType: response.headers.get("content-type") };
  } catch (error) {
    return { ok: false, error: failureOf(error, timeoutMs) };
  }
}

/** The whole body, or undefined as soon as it passes `maxBytes` (the rest is not read). */
async function readAtMost(
  response: Response,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
