import type { Db } from "../db/database.ts";
import type { Actor, Ctx } from "../services/context.ts";

/** Hono's typing of what middleware puts on the context. */
export interface AppEnv {
  Variables: {
    requestId: string;
    actor: Actor;
    ctx: Ctx;
    db: Db;
    /** Set by a GET that wrote (a new label version, an export), for the after-write hook. */
    wroteOnGet: boolean;
  };
}
