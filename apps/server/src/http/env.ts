import type { Actor, Ctx } from "../domain/context.ts";
import type { PendingKey } from "../services/idempotency.ts";

/**
 * What a runtime's adapter hands the app with each request (`c.env`): on Node the request as Node
 * parsed it (its raw header lines, its socket), on Deno the connection's address. A Worker's env is its
 * configuration, read once by its entry: none of these.
 */
export interface RuntimeBindings {
  readonly incoming?: {
    readonly rawHeaders?: readonly string[];
    readonly socket?: { remoteAddress?: string };
  };
  readonly remoteAddr?: { readonly hostname?: string };
}

/** Hono's typing of what middleware puts on the context. */
export interface AppEnv {
  Bindings: RuntimeBindings;
  Variables: {
    /** Headers every answer carries (request id, rate limits): see `answer`. */
    answerHeaders: Record<string, string>;
    /** The CORS headers of this request's answers (`CORS_ORIGINS`), for `answerHeaders`; else absent. */
    corsHeaders: Readonly<Record<string, string>>;
    actor: Actor;
    ctx: Ctx;
    /** The request's JSON body, parsed once by `readBody`; absent when there was none. */
    body: unknown;
    /** A first use of an `Idempotency-Key`, for the write to claim (see `idempotent`); else absent. */
    idempotencyKey: PendingKey | undefined;
    /** Set by a GET that wrote (a new label version, an export), for the after-write hook. */
    wroteOnGet: boolean;
    /** The body an answer was made with (`noteAnswerBody`), for its size in the access log. */
    answerBody: BodyInit | null;
  };
}
