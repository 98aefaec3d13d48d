import type { Db } from "../db/database.ts";
import type { Actor, Ctx } from "../services/context.ts";

/** Hono's typing of what middleware puts on the context. */
export interface AppEnv {
  Variables: {
    requestId: string;
    actor: Actor;
    ctx: Ctx;
    db: Db;
  };
}
