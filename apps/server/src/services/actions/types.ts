import type { ActionDef, KindDef } from "@multichannel/schema";
import type { StoredRecord } from "../../db/rows.ts";
import type { Ctx } from "../context.ts";

/** The arguments of an action's service verb; `record` is the subject, loaded in the same transaction. */
export interface ActionArgs<I = Record<string, unknown>> {
  ctx: Ctx;
  kind: KindDef;
  action: ActionDef;
  record: StoredRecord;
  input: I;
}

export interface ActionHandler {
  /** Runs in a write transaction and needs a token that may write. */
  readonly writes: boolean;
  run(args: ActionArgs<any>): Promise<unknown>;
}
