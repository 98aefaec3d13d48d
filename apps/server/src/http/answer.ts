import type { Context } from "hono";
import type { AppEnv } from "./env.ts";
import { noteAnswerBody } from "./observe.ts";

/** What an authenticated answer tells caches: keep nothing (`enter` in `app.ts`, the inbound webhooks). */
export const PRIVATE_ANSWER = "private, no-store";

/**
 * Every answer of the API is made here, its headers one plain record: the Node adapter writes such a
 * response to the socket as it is, where a `Headers` object (what `c.header()` builds) would be copied
 * header by header on every request. The headers every answer carries (request id, rate limits) are
 * gathered by the middlewares in `answerHeaders` before the handler runs, and added here.
 */
export function answer(
  c: Context<AppEnv>,
  body: BodyInit | null,
  status: number,
  headers: Record<string, string> = {},
): Response {
  // `headers` is the caller's own record (each call builds one), completed in place; what it sets
  // itself stays (a file's own `Cache-Control`).
  const always = c.get("answerHeaders");
  for (const name in always) headers[name] ??= always[name]!;
  // An answer that varies by its own header (Accept-Encoding) varies by the page's origin too (CORS).
  const vary = always?.Vary;
  if (vary !== undefined && headers.Vary !== vary) headers.Vary += `, ${vary}`;
  noteAnswerBody(c, body);
  return new Response(body, { status, headers });
}

/** A JSON answer: `text` is the value already serialized (an ETag may have been made from it). */
export function answerJson(
  c: Context<AppEnv>,
  text: string,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  headers["Content-Type"] = "application/json";
  return answer(c, text, status, headers);
}
