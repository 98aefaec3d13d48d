import type { Db } from "../db/database.ts";
import type { Actor, Ctx } from "../domain/context.ts";
import type { PendingKey } from "../services/idempotency.ts";

/** Hono's typing of what middleware puts on the context. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** Headers every answer carries (request id, rate limits): see `answer`. */
    answerHeaders: Record<string, string>;
    actor: Actor;
    ctx: Ctx;
    /** The request's JSON body, parsed once by `readBody`; absent when there was none. */
    body: unknown;
    db: Db;
    /** A first use of an `Idempotency-Key`, for the write to claim (see `idempotent`); else absent. */
    idempotencyKey: PendingKey | undefined;
    /** Set by a GET that wrote (a new label version, an export), for the after-write hook. */
    wroteOnGet: boolean;
    /** The body an answer was made with (`noteAnswerBody`), for its size in the access log. */
    answerBody: BodyInit | null;
  };
}
