/**
 * How the service sends requests: each one checked against the outbound policy
 * (`domain/outbound-urls.ts`) first, redirects never followed, answers read up to a limit. Files it
 * downloads are opened by `services/downloads.ts`.
 */
import { type OutboundPolicy, refusal } from "../../domain/outbound-urls.ts";

/** Per attempt: the whole request, answer included. */
export const SEND_TIMEOUT_MS = 10_000;
/**
 * Who is calling, in every request the service sends (webhooks, callouts, file downloads): the same on
 * every runtime, so a receiver can tell the service's calls apart whatever hosts it.
 */
export const USER_AGENT = "multichannel-commerce-service";
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
  /** Failed for good, whatever attempts are left: what it was sent for is gone. */
  final?: boolean;
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
export function failureOf(error: unknown, timeoutMs: number): string {
  const name = (error as { name?: string })?.name;
  if (name === "TimeoutError" || name === "AbortError") return `No answer within ${timeoutMs / 1000} s.`;
  // Node's fetch fails with "fetch failed" and says why in its cause (`ECONNREFUSED`, "bad port").
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  const why = cause?.code ?? cause?.message ?? (error as Error | undefined)?.message ?? error;
  return `Network error: ${String(why)}.`;
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
      headers: { "User-Agent": USER_AGENT, ...request.headers },
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
